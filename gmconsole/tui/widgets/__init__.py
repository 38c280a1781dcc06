"""The console's widgets: the panes and the small pieces they are built from."""
