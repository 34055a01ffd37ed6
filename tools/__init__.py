"""Developer tooling for Dérive (not shipped to the browser)."""
