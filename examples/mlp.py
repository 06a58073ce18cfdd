"""A small MLP with repeated residual blocks, trained on random data.

    python3 examples/mlp.py [--size tiny|small|large] [--batch N] [--steps N] [--infer] [--device cpu|cuda]
                            [--optimizer sgd|adam]
    opscope capture examples/mlp.py -- --size tiny

Modules: model[MLP] -> inp[Linear], blocks.0..N-1[Block] (norm[LayerNorm], fc[Linear], act[GELU],
out[Linear]), head[Linear]; the loss is criterion[CrossEntropyLoss].
"""

import argparse

import torch
from torch import nn

SIZES = {
    # width, depth, batch, input features, classes
    "tiny": (64, 3, 16, 32, 10),
    "small": (256, 4, 64, 128, 10),
    "large": (2048, 8, 512, 1024, 1000),
}


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc = nn.Linear(width, 4 * width)
        self.act = nn.GELU()
        self.out = nn.Linear(4 * width, width)

    def forward(self, x):
        return x + self.out(self.act(self.fc(self.norm(x))))


class MLP(nn.Module):
    def __init__(self, features, width, depth, classes):
        super().__init__()
        self.inp = nn.Linear(features, width)
        self.blocks = nn.ModuleList([Block(width) for _ in range(depth)])
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        x = self.inp(x)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=sorted(SIZES), default=None, help="default: tiny on CPU, large on CUDA")
    parser.add_argument("--batch", type=int, default=None, help="batch size (default: the size's)")
    parser.add_argument("--steps", type=int, default=20, help="training iterations (default 20)")
    parser.add_argument("--infer", action="store_true", help="forward only, no backward or optimizer")
    parser.add_argument("--optimizer", choices=("sgd", "adam"), default="sgd",
                        help="sgd (no state) or adam (two state tensors per parameter); default sgd")
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args()
    size = args.size or ("large" if args.device.startswith("cuda") else "tiny")
    width, depth, batch, features, classes = SIZES[size]
    batch = args.batch or batch

    torch.manual_seed(0)
    model = MLP(features, width, depth, classes).to(args.device)
    criterion = nn.CrossEntropyLoss()
    if args.optimizer == "adam":
        optimizer = torch.optim.Adam(model.parameters(), lr=0.001)
    else:
        optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(batch, features, device=args.device)
    y = torch.randint(0, classes, (batch,), device=args.device)

    for step in range(args.steps):
        if args.infer:
            with torch.no_grad():
                model(x)
            continue
        optimizer.zero_grad(set_to_none=True)
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        if step % 10 == 0:
            print("step %d loss %.4f" % (step, loss.item()), flush=True)


if __name__ == "__main__":
    main()
