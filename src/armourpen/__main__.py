"""``python -m armourpen`` runs the command-line app."""

from armourpen.cli.app import main

main()
