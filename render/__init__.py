"""Pictures: engine views and events in, PNG bytes and alt text out. Knows no Discord."""
