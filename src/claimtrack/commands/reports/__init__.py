"""The commands that report and never write: `review`, `coverage`, `translations`."""
