"""GenerationMixin as transformers lays its loop out: generate() calls prepare_inputs_for_generation once per
token, then the model, then samples (greedy here) and checks the stopping criteria."""

import torch


class GenerationMixin:
    def prepare_inputs_for_generation(self, input_ids, cache=None, **kwargs):
        return {"tokens": input_ids if not cache or cache[0] is None else input_ids[:, -1:], "cache": cache}

    @torch.no_grad()
    def generate(self, input_ids, max_new_tokens=8, **kwargs):
        cache = [None] * len(self.blocks)
        sequence = input_ids
        for _ in range(max_new_tokens):
            inputs = self.prepare_inputs_for_generation(sequence, cache=cache)
            logits = self(**inputs)
            sequence = torch.cat([sequence, logits.argmax(-1)], dim=1)
        return sequence
