"""What both twins share: their rules (a race whose length is the version's), their pieces' words and their
French catalog."""
