#!/usr/bin/env python3
"""Runs each case of the bad-input corpus through the CLI as its MANIFEST line says (`opscope summary
--json` on a file; `import`, `replay` or `sweep-report` on a copy of a folder) and writes what OpScope
answers (the error, or the warnings and the kernel count of the loaded profile) and the exit status as a
Markdown table: the table of docs/reliability.md comes from this run, not from the MANIFEST's expectations.

usage: describe.py OPSCOPE_BINARY [DOC]
  prints the table; with DOC, replaces the lines between <!-- badinput-table --> and
  <!-- /badinput-table --> in DOC with it.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OPSCOPE = sys.argv[1]
DOC = sys.argv[2] if len(sys.argv) > 2 else None
LONGEST = 300  # characters of one answer kept in the table


def cases():
    with open(os.path.join(HERE, 'MANIFEST')) as f:
        for line in f:
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            fields = [x.strip() for x in line.split('|')]
            yield fields[0], fields[1], fields[2], fields[5], fields[6]


def cell(text):
    text = ' '.join(text.split())
    if len(text) > LONGEST:
        text = text[:LONGEST] + ' …'
    return text.replace('|', '\\|')


def answer(name, command, tmp):
    """(outcome, text, kernels, exit status) of the command on a copy of the case in `tmp`."""
    source = os.path.join(HERE, name)
    path = os.path.join(tmp, name)
    if os.path.isdir(source):
        shutil.copytree(source, path, symlinks=True)
    else:
        shutil.copyfile(source, path)
        if os.path.exists(source + '-wal'):
            shutil.copyfile(source + '-wal', path + '-wal')
    env = dict(os.environ, OPSCOPE_STATE_DIR=os.path.join(tmp, 'state'))  # no workload captured here
    args = [OPSCOPE, command, path] + (['--json'] if command == 'summary' else [])
    run = subprocess.run(args, capture_output=True, text=True, errors='replace', timeout=600, env=env)
    if run.returncode != 0:
        error = run.stderr.strip().splitlines()[0] if run.stderr.strip() else 'exit %d' % run.returncode
        error = error.replace('opscope %s: error: ' % command, '').replace('opscope %s: ' % command, '')
        error = error.replace(path + '/', '').replace(path + ': ', '').replace(tmp + '/', '')
        error = error.split(' (supported: ')[0]  # the list of formats follows every "not a profile" error
        return 'error', error, '-', run.returncode
    if command == 'import':
        profile = next(line[len('wrote '):] for line in run.stderr.splitlines() if line.startswith('wrote '))
        run = subprocess.run([OPSCOPE, 'summary', profile, '--json'], capture_output=True, text=True,
                             errors='replace', timeout=600, env=env)
    summary = json.loads(run.stdout)
    warnings = summary.get('warnings', [])
    text = '; '.join(warnings) if warnings else 'loads, no warning'
    return ('warning' if warnings else 'ok'), text, str(summary.get('kernel_count', '?')), run.returncode


def main():
    rows = ['| file | command | what it is | expected | OpScope answers | kernels | exit |',
            '|---|---|---|---|---|---|---|']
    mismatches = 0
    for name, command, expected, exit_status, what in cases():
        with tempfile.TemporaryDirectory() as tmp:
            outcome, text, kernels, status = answer(name, command, tmp)
        mismatch = '' if outcome == expected and str(status) == exit_status else ' **(got %s, exit %s)**' % (
            outcome, status)
        mismatches += bool(mismatch)
        rows.append('| `%s` | %s | %s | %s%s | %s | %s | %s |' % (name, command, cell(what), expected, mismatch,
                                                                  cell(text), kernels, status))
    table = '\n'.join(rows)
    print(table)
    if DOC:
        with open(DOC) as f:
            lines = f.read().split('\n')
        start = lines.index('<!-- badinput-table -->')
        end = lines.index('<!-- /badinput-table -->')
        lines[start + 1:end] = table.split('\n')
        with open(DOC, 'w') as f:
            f.write('\n'.join(lines))
    return 1 if mismatches else 0


if __name__ == '__main__':
    sys.exit(main())
