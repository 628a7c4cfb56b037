"""What a run reports: configuration files, --select/--ignore, inline suppressions."""
