"""GenerationMixin as transformers lays its loop out: generate() calls prepare_inputs_for_generation once per
token, then the model, then samples (greedy here) and checks the stopping criteria. cache_implementation="static"
gives the model a cache allocated once at its full length and written in place, as transformers' StaticCache is
(what the launcher's static-cache fix asks for); otherwise the model's own per-layer list."""

import torch


class StaticCache:
    """Each layer's keys and values allocated at the request's full length on first use, then written in place;
    update() returns the filled part (a view: nothing is allocated per token)."""

    def __init__(self, max_length):
        self.max_length = max_length
        self.keys, self.values, self.filled = {}, {}, {}

    def update(self, k, v, layer):
        if layer not in self.keys:
            self.keys[layer] = k.new_zeros(k.shape[:2] + (self.max_length, k.shape[3]))
            self.values[layer] = v.new_zeros(v.shape[:2] + (self.max_length, v.shape[3]))
        start = self.filled.get(layer, 0)
        end = start + k.shape[2]
        self.keys[layer][:, :, start:end] = k
        self.values[layer][:, :, start:end] = v
        self.filled[layer] = end
        return self.keys[layer][:, :, :end], self.values[layer][:, :, :end]

    def empty(self):
        return not self.filled


class GenerationMixin:
    def prepare_inputs_for_generation(self, input_ids, cache=None, **kwargs):
        empty = cache.empty() if isinstance(cache, StaticCache) else not cache or cache[0] is None
        return {"tokens": input_ids if empty else input_ids[:, -1:], "cache": cache}

    @torch.no_grad()
    def generate(self, input_ids, max_new_tokens=8, cache_implementation=None, **kwargs):
        if cache_implementation not in (None, "dynamic", "static"):
            raise ValueError("unknown cache_implementation %r" % cache_implementation)
        if cache_implementation == "static":
            cache = StaticCache(input_ids.shape[1] + max_new_tokens)
        else:
            cache = [None] * len(self.blocks)
        sequence = input_ids
        for _ in range(max_new_tokens):
            inputs = self.prepare_inputs_for_generation(sequence, cache=cache)
            logits = self(**inputs)
            sequence = torch.cat([sequence, logits.argmax(-1)], dim=1)
        return sequence
