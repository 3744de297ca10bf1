// Exercise 12 — a file for your own code: the pick-me-up scope, as you design it.
