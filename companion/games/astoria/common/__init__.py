"""What Astoria's two games share: the six gem colours, their names, and the box's words."""
