"""An eager model captured into a CUDA graph with torch.cuda.graph and replayed, as users write it
(PyTorch's CUDA graphs notes: warm up on a side stream, capture once, copy inputs into the static
tensor, replay). Used to check that OpScope attributes replayed kernels to the operator and module
that launched them at capture time (issue 20; bench/gpu/cudagraph20.sh).

    python3 cudagraph_eager.py [--blocks N] [--width W] [--steps S] [--train]

Under OpScope a step is a call of `replay_step`: `opscope profile cudagraph_eager.py --step function:replay_step`.
"""
import argparse

import torch


class Block(torch.nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = torch.nn.LayerNorm(width)
        self.fc1 = torch.nn.Linear(width, 4 * width)
        self.act = torch.nn.GELU()
        self.fc2 = torch.nn.Linear(4 * width, width)

    def forward(self, x):
        return x + self.fc2(self.act(self.fc1(self.norm(x))))


class Net(torch.nn.Module):
    def __init__(self, width, blocks):
        super().__init__()
        self.embed = torch.nn.Linear(width, width)
        self.blocks = torch.nn.ModuleList([Block(width) for _ in range(blocks)])
        self.head = torch.nn.Linear(width, 16)

    def forward(self, x):
        x = self.embed(x)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def replay_step(graph, static_in, batch, width):
    """One step: new inputs into the graph's static input tensor, then a replay."""
    static_in.copy_(torch.randn(batch, width, device="cuda"))
    graph.replay()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--blocks", type=int, default=4)
    ap.add_argument("--width", type=int, default=512)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--train", action="store_true",
                    help="capture a whole training step (forward, loss, backward, optimizer step)")
    args = ap.parse_args()
    model = Net(args.width, args.blocks).cuda()
    static_in = torch.randn(args.batch, args.width, device="cuda")
    static_target = torch.randn(args.batch, 16, device="cuda")
    loss_fn = torch.nn.MSELoss()
    # capturable=True keeps the optimizer's step count on the GPU, as graph capture needs.
    opt = torch.optim.Adam(model.parameters(), lr=1e-4, capturable=True) if args.train else None

    def body():
        if not args.train:
            with torch.no_grad():
                return model(static_in)
        opt.zero_grad(set_to_none=True)
        loss = loss_fn(model(static_in), static_target)
        loss.backward()
        opt.step()
        return loss

    # PyTorch's recipe: warm up on a side stream, then capture.
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            body()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    if args.train:
        opt.zero_grad(set_to_none=True)
    with torch.cuda.graph(graph):
        static_out = body()
    total = 0.0
    for _ in range(args.steps):
        replay_step(graph, static_in, args.batch, args.width)
        total += float(static_out.detach().sum())
    torch.cuda.synchronize()
    print("replayed %d steps, checksum %.3f" % (args.steps, total))


if __name__ == "__main__":
    main()
