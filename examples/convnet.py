"""A small convolutional network (stages of repeated conv-bn-relu blocks), trained on random images.

    python3 examples/convnet.py [--size tiny|small|large] [--steps N] [--infer] [--channels-last]
    opscope capture examples/convnet.py -- --size tiny

Modules: model[ConvNet] -> stem[Conv2d], stages.S[Stage] (down[Conv2d] on later stages,
blocks.B[ConvBlock] (conv[Conv2d], bn[BatchNorm2d], act[ReLU])), pool[AdaptiveAvgPool2d], fc[Linear].
"""

import argparse

import torch
from torch import nn

SIZES = {
    # channels per stage, blocks per stage, image size, batch, classes
    "tiny": ((8, 16), 2, 16, 4, 10),
    "small": ((32, 64, 128), 2, 64, 16, 10),
    "large": ((64, 128, 256, 512), 3, 224, 64, 1000),
}


class ConvBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(channels)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.bn(self.conv(x))) + x


class Stage(nn.Module):
    def __init__(self, in_channels, channels, blocks):
        super().__init__()
        self.down = nn.Conv2d(in_channels, channels, 3, stride=2, padding=1) if in_channels != channels else None
        self.blocks = nn.Sequential(*[ConvBlock(channels) for _ in range(blocks)])

    def forward(self, x):
        if self.down is not None:
            x = self.down(x)
        return self.blocks(x)


class ConvNet(nn.Module):
    def __init__(self, channels, blocks, classes):
        super().__init__()
        self.stem = nn.Conv2d(3, channels[0], 3, padding=1)
        stages, previous = [], channels[0]
        for c in channels:
            stages.append(Stage(previous, c, blocks))
            previous = c
        self.stages = nn.ModuleList(stages)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(channels[-1], classes)

    def forward(self, x):
        x = self.stem(x)
        for stage in self.stages:
            x = stage(x)
        return self.fc(self.pool(x).flatten(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=sorted(SIZES), default=None, help="default: tiny on CPU, large on CUDA")
    parser.add_argument("--steps", type=int, default=20, help="training iterations (default 20)")
    parser.add_argument("--infer", action="store_true", help="forward only, in eval mode")
    parser.add_argument("--channels-last", action="store_true", help="use the channels-last memory format")
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args()
    size = args.size or ("large" if args.device.startswith("cuda") else "tiny")
    channels, blocks, image, batch, classes = SIZES[size]
    memory_format = torch.channels_last if args.channels_last else torch.contiguous_format

    torch.manual_seed(0)
    model = ConvNet(channels, blocks, classes).to(args.device, memory_format=memory_format)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    x = torch.randn(batch, 3, image, image, device=args.device).to(memory_format=memory_format)
    y = torch.randint(0, classes, (batch,), device=args.device)

    if args.infer:
        model.eval()
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
