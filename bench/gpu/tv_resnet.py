#!/usr/bin/env python3
"""torchvision's ResNet as its users write it: built from torchvision.models, bf16 autocast, SGD; a
training step (or --infer). `--layout nchw` leaves torch's default memory format (what most scripts do:
cuDNN then converts layouts around its tensor-core convolutions), `channels-last` converts the model and
its input.

    python3 bench/gpu/tv_resnet.py [--arch resnet50] [--layout channels-last|nchw] [--infer] [--batch 32]
                                   [--image 224] [--steps 20] [--device cuda|cpu]
    opscope capture bench/gpu/tv_resnet.py [--compile inductor] -- --steps 8
"""

import argparse

import torch
import torchvision


def build_step(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--infer", action="store_true", help="forward only, under torch.no_grad()")
    p.add_argument("--arch", default="resnet50", help="a torchvision.models ResNet: resnet18, resnet50, ...")
    p.add_argument("--layout", choices=("channels-last", "nchw"), default="channels-last")
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--image", type=int, default=224, help="image height and width")
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--device", default="cuda")
    args = p.parse_args(argv)

    torch.manual_seed(0)
    layout = torch.channels_last if args.layout == "channels-last" else torch.contiguous_format
    device = torch.device(args.device)
    model = getattr(torchvision.models, args.arch)().to(device).to(memory_format=layout)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    images = torch.randn(args.batch, 3, args.image, args.image, device=device).to(memory_format=layout)
    labels = torch.randint(0, 1000, (args.batch,), device=device)
    loss_fn = torch.nn.CrossEntropyLoss()

    def step():
        if args.infer:
            with torch.no_grad(), torch.autocast(device.type, dtype=torch.bfloat16):
                model(images)
            return
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast(device.type, dtype=torch.bfloat16):
            loss = loss_fn(model(images), labels)
        loss.backward()
        optimizer.step()

    return step, args.steps


def main():
    step, steps = build_step()
    for _ in range(steps):
        step()


if __name__ == "__main__":
    main()
