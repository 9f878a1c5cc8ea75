"""The subcommands of `rookery`. Each module adds its parsers and handlers."""
