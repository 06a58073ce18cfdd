"""opscope_reader (resources/launcher/opscope_reader) on a real capture, with Debian's python3-pandas and
without pandas: counts, attribution and counters as the file holds them, module GPU times equal to what
`opscope modules --json` computes, examples/top_modules.py, an empty root module path, a newer format.

Run by CTest (tests/CMakeLists.txt) as /usr/bin/python3 test_opscope_reader.py OPSCOPE FIXTURES SOURCE_DIR.
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest

OPSCOPE, FIXTURES, SOURCE = sys.argv[1:4]
sys.path.insert(0, os.path.join(SOURCE, "resources", "launcher"))
import opscope_reader  # noqa: E402

try:
    import pandas
except ImportError:
    pandas = None


class ReaderTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="opscope-reader-")
        capture = os.path.join(FIXTURES, "h100", "gpt4_bf16_infer")
        cls.path = os.path.join(cls.tmp, "bf16.opscope")
        subprocess.run([OPSCOPE, "import", os.path.join(capture, "nsys.sqlite"), os.path.join(capture, "ncu_raw.csv"),
                        "-o", cls.path], check=True, capture_output=True)
        cls.cli_modules = json.loads(subprocess.run([OPSCOPE, "modules", cls.path, "--json"], check=True,
                                                    capture_output=True, text=True).stdout)
        cls.cli_summary = json.loads(subprocess.run([OPSCOPE, "summary", cls.path, "--json"], check=True,
                                                    capture_output=True, text=True).stdout)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_pandas_is_there(self):
        self.assertIsNotNone(pandas, "python3-pandas is not installed (packaging/install-deps.sh)")

    def test_lists_without_pandas(self):
        p = opscope_reader.load(self.path, pandas=False)
        self.assertIsInstance(p.kernels, list)
        self.assertEqual(len(p.kernels), 192)
        self.assertEqual(len(p.operators), 340)
        self.assertEqual(len(p.modules), 135)
        self.assertEqual(len(p.counters), 59984)
        captured = [k for k in p.kernels if k["step"] == "captured"]
        self.assertEqual(len(captured), 46)
        self.assertTrue(all(k["operator"] and k["module_path"] is not None for k in captured))
        self.assertEqual({k["method"] for k in captured}, {"nvtx"})
        self.assertEqual(p.metrics["gpu__time_duration.sum"], "ns")
        self.assertEqual(p.ranks[0]["devices"], ["NVIDIA H100 80GB HBM3"])

    @unittest.skipIf(pandas is None, "no pandas")
    def test_dataframes(self):
        p = opscope_reader.load(self.path)
        self.assertIsInstance(p.kernels, pandas.DataFrame)
        self.assertEqual(list(p.kernels.columns), opscope_reader.KERNEL_COLUMNS)
        self.assertEqual(len(p.kernels), 192)
        self.assertEqual((p.kernels.step == "captured").sum(), 46)
        # The kernels' GPU time as OpScope's own summary computes it (C++, from the same file), not the reader's
        # own sum again: the reader's durations and its per-rank total must both come to it.
        total = self.cli_summary["total_kernel_time_ns"]
        self.assertGreater(total, 0)
        self.assertEqual(int(p.kernels.duration_ns.sum()), total)
        self.assertEqual(p.ranks.gpu_time_ns[0], total)
        # Counters joined to kernels: every captured kernel has its ncu row's duration.
        duration = p.counters[p.counters.metric == "gpu__time_duration.sum"].merge(p.kernels, on="kernel")
        self.assertEqual(len(duration), 46)
        self.assertTrue((duration.step == "captured").all())
        # Module GPU time in the captured step, as `opscope modules --json` has it, module by module.
        captured = p.modules[p.modules.step == "captured"].groupby("path")
        total, own = captured.gpu_time_ns.sum(), captured.self_gpu_time_ns.sum()

        def walk(nodes):
            for node in nodes:
                yield node
                yield from walk(node["children"])

        nodes = list(walk(self.cli_modules["modules"]))
        self.assertEqual(len(nodes), len(total))
        for node in nodes:
            self.assertEqual(total[node["path"]], node["gpu_time_total_ns"], node["path"])
            self.assertEqual(own[node["path"]], node["gpu_time_self_ns"], node["path"])

    @unittest.skipIf(pandas is None, "no pandas")
    def test_top_modules_example(self):
        env = dict(os.environ, PYTHONPATH=os.path.join(SOURCE, "resources", "launcher"))
        out = subprocess.run([sys.executable, os.path.join(SOURCE, "examples", "top_modules.py"), self.path],
                             check=True, capture_output=True, text=True, env=env).stdout.splitlines()
        self.assertEqual(len(out), 11)  # header and 10 modules
        self.assertEqual(out[1].split(), ["[GPT]", "428.55", "6.56"])
        self.assertEqual(out[2].split(), ["blocks.0", "[Block]", "93.09", "6.05"])

    def test_empty_root_path(self):
        # The launcher names the root module "" (not "model"): a path as stored, whatever it is.
        path = os.path.join(self.tmp, "root.opscope")
        shutil.copy(self.path, path)
        db = sqlite3.connect(path)
        empty = db.execute("SELECT id FROM strings WHERE value = ''").fetchone()
        if empty is None:
            empty = (db.execute("SELECT max(id) + 1 FROM strings").fetchone()[0],)
            db.execute("INSERT INTO strings VALUES (?, '')", empty)
        db.execute("UPDATE modules SET path = ? WHERE parent = ?", (empty[0], opscope_reader.NO_INDEX))
        db.commit()
        db.close()
        p = opscope_reader.load(path, pandas=False)
        roots = [m for m in p.modules if m["parent"] is None]
        self.assertEqual({m["path"] for m in roots}, {""})
        captured_root = [m for m in roots if m["step"] == "captured"]
        self.assertEqual([m["gpu_time_ns"] for m in captured_root], [428553])
        if pandas is not None:
            env = dict(os.environ, PYTHONPATH=os.path.join(SOURCE, "resources", "launcher"))
            out = subprocess.run([sys.executable, os.path.join(SOURCE, "examples", "top_modules.py"), path],
                                 check=True, capture_output=True, text=True, env=env).stdout.splitlines()
            self.assertEqual(out[1].split()[:2], ["[GPT]", "428.55"])

    def test_refuses_newer_format_and_other_files(self):
        path = os.path.join(self.tmp, "newer.opscope")
        shutil.copy(self.path, path)
        db = sqlite3.connect(path)
        db.execute("PRAGMA user_version = 2")
        db.commit()
        db.close()
        with self.assertRaisesRegex(opscope_reader.OpScopeFileError, "written by a newer OpScope"):
            opscope_reader.load(path)
        nsys = os.path.join(FIXTURES, "h100", "gpt4_bf16_infer", "nsys.sqlite")
        with self.assertRaisesRegex(opscope_reader.OpScopeFileError, "SQLite database of another program"):
            opscope_reader.load(nsys)

    def test_refuses_views_and_reads_nothing_beside(self):
        # kernels an endlessly recursive view: refused unread (it would never return), as OpScope refuses it.
        path = os.path.join(self.tmp, "view.opscope")
        shutil.copy(self.path, path)
        db = sqlite3.connect(path)
        columns = [r[1] for r in db.execute("PRAGMA table_info(kernels)")]
        db.execute("DROP TABLE kernels")
        db.execute("CREATE VIEW kernels AS WITH RECURSIVE r(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM r) SELECT " +
                   ", ".join(["x AS row"] + ["0 AS " + c for c in columns if c != "row"]) + " FROM r")
        db.commit()
        db.close()
        with self.assertRaisesRegex(opscope_reader.OpScopeFileError, "it holds a view, kernels"):
            opscope_reader.load(path)
        # A WAL-mode file opens without a -wal or -shm file appearing beside it.
        folder = tempfile.mkdtemp(dir=self.tmp)
        wal = os.path.join(folder, "wal.opscope")
        shutil.copy(self.path, wal)
        db = sqlite3.connect(wal)
        db.execute("PRAGMA journal_mode = WAL")
        db.close()
        self.assertEqual(os.listdir(folder), ["wal.opscope"])
        self.assertEqual(len(opscope_reader.load(wal, pandas=False).kernels), 192)
        self.assertEqual(os.listdir(folder), ["wal.opscope"])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
