"""Counterfactual regret minimisation: tabular MCCFR on small configurations and abstracted games."""
