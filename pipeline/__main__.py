from pipeline.cli.app import main

main()
