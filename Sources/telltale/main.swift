import TelltaleCommands

await TelltaleCommand.runAsRoot()
