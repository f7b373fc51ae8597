"""Wild Cards: placeholder while the sampler is written."""
