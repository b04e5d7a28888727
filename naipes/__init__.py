"""Naipes: the rules engines, the content and the web site that teaches three card games."""
