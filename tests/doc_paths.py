#!/usr/bin/env python3
"""Bandada: docs/architecture.md names only what is there, and its layout names every folder.

Every path it writes (a word with a slash or a source file's extension; <id> and * are
wildcards; build/ is the build's output) must match a tracked file or folder, and the layout block must name every top-level
entry and every folder under core/, tests/ and web/ (issue 80: its lists had gone stale).
"""
import fnmatch
import re
import subprocess
import sys

DOC = 'docs/architecture.md'
EXT = r'(?:h|cpp|js|mjs|sh|py|md|json|html|txt|cmake|csv)'


def main():
    files = subprocess.run(['git', 'ls-files'], capture_output=True, text=True, check=True).stdout.split()
    folders = {f.rsplit('/', k)[0] + '/' for f in files for k in range(1, f.count('/') + 1)}
    names = set(files) | folders
    bases = {f.rsplit('/', 1)[-1] for f in files}
    text = open(DOC, encoding='utf-8').read()
    bad = []
    for word in sorted(set(re.findall(r'[A-Za-z0-9_.<>*+-]*(?:/[A-Za-z0-9_.<>*+-]*)+|[A-Za-z0-9_<>*-]+\.' + EXT + r'\b', text))):
        word = word.strip('.').replace('<id>', '*')
        if word.startswith(('http', '//', 'build/')) or word in ('', '/', 'back/forward'):
            continue  # a link, the build's output (not tracked), or words with a slash
        if '/' not in word:  # a bare file name: somewhere in the tree
            if not any(fnmatch.fnmatch(b, word) for b in bases):
                bad.append(word)
            continue
        pattern = word if word.endswith('/') or '.' in word.rsplit('/', 1)[-1] else word
        if not any(fnmatch.fnmatch(n, pattern) or fnmatch.fnmatch(n, pattern + '/') for n in names):
            bad.append(word)
    block = re.search(r'## Layout\s+```(.*?)```', text, re.S).group(1)
    named = set(re.findall(r'^([^\s,]+(?:, [^\s,]+)*)', block, re.M))
    named = {n for line in named for n in line.split(', ')}
    wanted = {f.split('/', 1)[0] + ('/' if '/' in f else '') for f in files if not f.startswith('.')}
    wanted |= {f.split('/')[0] + '/' + f.split('/')[1] + '/' for f in files
               if f.split('/')[0] in ('core', 'tests', 'web') and f.count('/') >= 2}
    named = {n.rstrip('/') for n in named}
    missing = sorted(w for w in wanted
                     if not any(fnmatch.fnmatch(w.rstrip('/'), n) or n.startswith(w) for n in named))
    for w in bad:
        print(f'{DOC}: names {w}, which is not in the tree')
    for w in missing:
        print(f'{DOC}: its layout does not name {w}')
    print(f'{DOC}: {len(bad)} paths not in the tree, {len(missing)} folders not in its layout')
    return 1 if bad or missing else 0


if __name__ == '__main__':
    sys.exit(main())
