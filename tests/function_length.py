#!/usr/bin/env python3
"""Bandada: no function in core/, web/, cli/ or bench/ is over 100 lines (a whole-tree rule).

A function is a brace block opened at namespace or class scope after a parameter list: `) {`,
`) const {`, `) override {`, `) noexcept {`, `-> T {`, or a constructor's initializer list. Its
length is its lines from the signature's first line to the closing brace; lambdas and local
classes count as part of the function they are in. Comments, strings and character literals
are blanked first, so braces in them do not count. Prints the longest functions and fails on
any over the limit.
"""
import pathlib
import re
import sys

LIMIT = 100


def blank(text):
    """Comments, strings and character literals as spaces (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c == 'R' and text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(')' + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            j += 1
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


SCOPE = re.compile(r'\b(namespace|class|struct|union|enum)\b[^;{}()]*$')
FUNCTION = re.compile(r'(\)\s*(const|override|final|noexcept|mutable|\s)*|->\s*[\w:<>,\s*&]+)$')


def functions(path):
    text = blank(path.read_text(encoding='utf-8'))
    stack = []  # per open brace: 'scope', 'function' or 'block'
    start_of = {}
    for i, c in enumerate(text):
        if c == '{':
            inside = any(k == 'function' for k in stack)
            before = text[max(0, i - 400):i]
            cut = max(before.rfind(';'), before.rfind('{'), before.rfind('}'))
            tail = before[cut + 1:]
            stripped = tail.rstrip()
            if inside:
                kind = 'block'
            elif SCOPE.search(stripped) or stripped.endswith('extern "C"') or stripped.endswith('='):
                kind = 'scope' if not stripped.endswith('=') else 'block'
            elif FUNCTION.search(stripped) or re.search(r'\)\s*:\s*[\w:]+\s*[({]', stripped) or \
                    re.search(r'[\w>]\s*[({][^;]*[)}]\s*$', stripped) and ')' in stripped and ':' in stripped:
                kind = 'function'
            else:
                kind = 'block'
            stack.append(kind)
            if kind == 'function':
                first = i - len(tail) + (len(tail) - len(tail.lstrip()))
                start_of[len(stack)] = first
        elif c == '}' and stack:
            kind = stack.pop()
            if kind == 'function':
                first = start_of.pop(len(stack) + 1)
                line0 = text.count('\n', 0, first) + 1
                line1 = text.count('\n', 0, i) + 1
                signature = ' '.join(text[first:text.find('{', first)].split())[:90]
                yield line1 - line0 + 1, line0, signature


def main():
    roots = [pathlib.Path(r) for r in (sys.argv[1:] or ['core', 'web', 'cli', 'bench'])]
    found = []
    for root in roots:
        for path in sorted(root.rglob('*')):
            if path.suffix in ('.cpp', '.h'):
                for length, line, sig in functions(path):
                    found.append((length, f'{path}:{line}', sig))
    found.sort(reverse=True)
    for length, where, sig in found[:8]:
        print(f'{length:4d} lines  {where}  {sig}')
    over = [f for f in found if f[0] > LIMIT]
    names = ', '.join(f'{r}/' for r in roots)
    print(f'{len(found)} functions in {names}, the longest {found[0][0] if found else 0} lines; '
          f'{len(over)} over {LIMIT}')
    return 1 if over else 0


if __name__ == '__main__':
    sys.exit(main())
