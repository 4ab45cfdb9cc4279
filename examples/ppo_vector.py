"""Train a Love Letter policy with PPO on the compiled vector environment, in NumPy alone.

    python examples/ppo_vector.py --steps 2000000 --envs 256 --opponents random

A CleanRL-style PPO (one file, no framework): a two-layer tanh MLP with a policy head and a
value head, masked categorical actions (illegal logits removed), generalised advantage
estimation, the clipped objective, an entropy bonus and Adam, all written out in NumPy so it
needs nothing beyond gonets itself. The environment is ``gonets.rl.vector.env``: every one of
``--envs`` matches is a slot of one kernel batch, the learner at a random seat, the other
seats played inside the kernel (``--opponents random`` or ``playout``, the search's rollout
policy). At the end the greedy policy plays ``--eval`` matches against each opponent kind on
fresh seeds and prints its win rate with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from gonets.rl.vector import env as vector_env
from gonets.sim.stats import wilson_interval


class Net:
    """obs -> tanh(h) -> tanh(h) -> (policy logits, value)."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator):
        def layer(rows, cols, scale):
            return rng.normal(0, scale / np.sqrt(rows), (rows, cols)).astype(np.float32)

        self.p = {"w1": layer(inputs, hidden, 1.0), "b1": np.zeros(hidden, np.float32),
                  "w2": layer(hidden, hidden, 1.0), "b2": np.zeros(hidden, np.float32),
                  "wp": layer(hidden, actions, 0.01), "bp": np.zeros(actions, np.float32),
                  "wv": layer(hidden, 1, 1.0), "bv": np.zeros(1, np.float32)}

    def forward(self, x):
        p = self.p
        h1 = np.tanh(x @ p["w1"] + p["b1"])
        h2 = np.tanh(h1 @ p["w2"] + p["b2"])
        return h2 @ p["wp"] + p["bp"], (h2 @ p["wv"] + p["bv"])[:, 0], (x, h1, h2)

    def backward(self, cache, d_logits, d_value) -> dict:
        x, h1, h2 = cache
        p = self.p
        grads = {"wp": h2.T @ d_logits, "bp": d_logits.sum(0),
                 "wv": h2.T @ d_value[:, None], "bv": d_value.sum(keepdims=True)}
        d_h2 = (d_logits @ p["wp"].T + d_value[:, None] @ p["wv"].T) * (1 - h2 * h2)
        grads.update(w2=h1.T @ d_h2, b2=d_h2.sum(0))
        d_h1 = (d_h2 @ p["w2"].T) * (1 - h1 * h1)
        grads.update(w1=x.T @ d_h1, b1=d_h1.sum(0))
        return grads


class Adam:
    def __init__(self, params: dict, rate: float):
        self.rate, self.t = rate, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict, grads: dict, clip: float = 0.5) -> None:
        norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        scale = min(1.0, clip / (norm + 1e-8))
        self.t += 1
        for k, g in grads.items():
            g = g * scale
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat, v_hat = self.m[k] / (1 - 0.9 ** self.t), self.v[k] / (1 - 0.999 ** self.t)
            params[k] -= self.rate * m_hat / (np.sqrt(v_hat) + 1e-5)


def log_softmax(logits, mask):
    z = np.where(mask, logits, -1e9)
    z = z - z.max(1, keepdims=True)
    return z - np.log(np.exp(z).sum(1, keepdims=True))


def sample(logits, mask, rng, greedy=False):
    logp = log_softmax(logits, mask)
    if greedy:
        return logp.argmax(1), logp
    u = rng.random(logp.shape[0])[:, None]
    actions = (np.exp(logp).cumsum(1) < u).sum(1)
    return np.minimum(actions, logp.shape[1] - 1), logp


def train(args) -> Net:
    rng = np.random.default_rng(args.seed)
    envs = vector_env("loveletter", num_envs=args.envs, players=2, seat="random",
                      opponents=args.opponents)
    net = Net(envs.kernel.obs_size, envs.num_actions, args.hidden, rng)
    opt = Adam(net.p, args.lr)
    obs, info = envs.reset(seed=args.seed)
    mask = info["action_mask"]
    horizon, n = args.horizon, args.envs
    done_steps, started, last = 0, time.perf_counter(), 0.0
    while done_steps < args.steps:
        buf = {k: [] for k in ("obs", "mask", "act", "logp", "val", "rew", "done")}
        for _ in range(horizon):
            logits, value, _ = net.forward(obs)
            act, logp = sample(logits, mask, rng)
            new_obs, rew, term, trunc, info = envs.step(act)
            for key, item in (("obs", obs), ("mask", mask), ("act", act), ("val", value),
                              ("logp", logp[np.arange(n), act]), ("rew", rew),
                              ("done", term | trunc)):
                buf[key].append(item)
            obs, mask = new_obs, info["action_mask"]
        done_steps += horizon * n
        _, last_value, _ = net.forward(obs)
        update(net, opt, buf, last_value, args, rng)
        if time.perf_counter() - last > 5:
            last = time.perf_counter()
            rate = done_steps / (last - started)
            print(f"{done_steps:,} steps, {rate:,.0f} steps/s, mean reward per finished "
                  f"match {np.sum(buf['rew']) / max(1, np.sum(buf['done'])):+.3f}", flush=True)
    return net


def update(net: Net, opt: Adam, buf: dict, last_value, args, rng) -> None:
    """GAE advantages, then ``--epochs`` passes of clipped PPO over shuffled minibatches.
    After a slot's match ends its next step only starts the next match (NEXT_STEP autoreset),
    so that step is left out of the loss."""
    rew, val, done = (np.array(buf[k], np.float32) for k in ("rew", "val", "done"))
    horizon = len(rew)
    adv = np.zeros_like(rew)
    running = np.zeros(rew.shape[1], np.float32)
    for t in reversed(range(horizon)):
        after = last_value if t == horizon - 1 else val[t + 1]
        live = 1.0 - done[t]
        delta = rew[t] + args.gamma * after * live - val[t]
        running = delta + args.gamma * args.lam * live * running
        adv[t] = running
    keep = np.ones_like(done, dtype=bool)
    keep[1:] = done[:-1] == 0
    ret = (adv + val)[keep]
    flat = {k: np.array(buf[k])[keep] for k in ("obs", "mask", "act", "logp")}
    adv = adv[keep]
    size = len(adv)
    for _ in range(args.epochs):
        order = rng.permutation(size)
        for start in range(0, size, args.minibatch):
            rows = order[start:start + args.minibatch]
            a = (adv[rows] - adv[rows].mean()) / (adv[rows].std() + 1e-8)
            logits, value, cache = net.forward(flat["obs"][rows])
            logp = log_softmax(logits, flat["mask"][rows])
            probs = np.exp(logp)
            taken = flat["act"][rows]
            ratio = np.exp(logp[np.arange(len(rows)), taken] - flat["logp"][rows])
            inside = (ratio > 1 - args.clip) & (ratio < 1 + args.clip)
            active = inside | (ratio * a < np.clip(ratio, 1 - args.clip, 1 + args.clip) * a)
            d_logp = np.where(active, -a * ratio, 0.0) / len(rows)
            d_logits = -probs * d_logp[:, None]
            d_logits[np.arange(len(rows)), taken] += d_logp
            entropy = -(probs * np.where(flat["mask"][rows], logp, 0)).sum(1)
            d_logits += args.ent * probs * (np.where(flat["mask"][rows], logp, 0)
                                            + entropy[:, None]) / len(rows)
            d_value = args.vf * (value - ret[rows]) / len(rows)
            grads = net.backward(cache, d_logits.astype(np.float32),
                                 d_value.astype(np.float32))
            opt.step(net.p, grads)


def evaluate(net: Net, opponents: str, matches: int, seed: int, envs_count: int) -> dict:
    """The greedy policy's wins over ``matches`` whole matches at random seats."""
    envs = vector_env("loveletter", num_envs=envs_count, players=2, seat="random",
                      opponents=opponents)
    obs, info = envs.reset(seed=seed)
    wins = played = 0
    rng = np.random.default_rng(seed)
    while played < matches:
        logits, _, _ = net.forward(obs)
        act, _ = sample(logits, info["action_mask"], rng, greedy=True)
        obs, rew, term, _, info = envs.step(act)
        finished = np.flatnonzero(term)[:matches - played]
        wins += int((rew[finished] > 0).sum())
        played += len(finished)
    low, high = wilson_interval(wins, played)
    return {"opponents": opponents, "matches": played, "wins": wins, "rate": wins / played,
            "ci95": [low, high]}


def main(argv=None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2_000_000, help="learner steps in all")
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--horizon", type=int, default=32, help="steps per env per update")
    parser.add_argument("--opponents", default="random", choices=("random", "playout"))
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--ent", type=float, default=0.01)
    parser.add_argument("--vf", type=float, default=0.5)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--eval", type=int, default=2000, help="matches per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    net = train(args)
    spent = time.perf_counter() - started
    results = [evaluate(net, kind, args.eval, 10**6 + args.seed, min(args.envs, args.eval))
               for kind in ("random", "playout")]
    print(json.dumps({"steps": args.steps, "train_seconds": round(spent, 1),
                      "evaluations": results}, indent=2))
    for r in results:
        low, high = r["ci95"]
        print(f"greedy policy vs {r['opponents']}: {r['wins']}/{r['matches']} = {r['rate']:.1%} "
              f"[{low:.1%}, {high:.1%}]")
    return results


if __name__ == "__main__":
    main()
