"""The Qt window: presents the core and runs it on workers; owns no puzzle logic."""
