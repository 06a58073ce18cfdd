#!/usr/bin/env python3
"""Runs `opscope summary --json` on every file of the bad-input corpus and writes what OpScope answers
(the error, or the warnings and the kernel count of the loaded profile) as a Markdown table: the
table of docs/reliability.md comes from this run, not from the MANIFEST's expectations.

usage: describe.py OPSCOPE_BINARY [DOC]
  prints the table; with DOC, replaces the lines between <!-- badinput-table --> and
  <!-- /badinput-table --> in DOC with it.
"""
import json
import os
import subprocess
import sys

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
            yield fields[0], fields[1], fields[4]


def cell(text):
    text = ' '.join(text.split())
    if len(text) > LONGEST:
        text = text[:LONGEST] + ' …'
    return text.replace('|', '\\|')


def answer(name):
    path = os.path.join(HERE, name)
    run = subprocess.run([OPSCOPE, 'summary', path, '--json'], capture_output=True, text=True, errors='replace',
                         timeout=600)
    if run.returncode != 0:
        error = run.stderr.strip().splitlines()[0] if run.stderr.strip() else 'exit %d' % run.returncode
        error = error.replace('opscope summary: error: ', '').replace(path + ': ', '')
        error = error.split(' (supported: ')[0]  # the list of formats follows every "not a profile" error
        return 'error', error, '-'
    summary = json.loads(run.stdout)
    warnings = summary.get('warnings', [])
    text = '; '.join(warnings) if warnings else 'loads, no warning'
    return ('warning' if warnings else 'ok'), text, str(summary.get('kernel_count', '?'))


def main():
    rows = ['| file | what it is | expected | OpScope answers | kernels |', '|---|---|---|---|---|']
    mismatches = 0
    for name, expected, what in cases():
        outcome, text, kernels = answer(name)
        mismatch = '' if outcome == expected else ' **(got %s)**' % outcome
        mismatches += bool(mismatch)
        rows.append('| `%s` | %s | %s%s | %s | %s |' % (name, cell(what), expected, mismatch, cell(text), kernels))
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
