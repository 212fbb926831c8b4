#!/usr/bin/env python3
"""Extracts the Swift code blocks of Markdown files into a package that builds them against Courier.

Used by scripts/check-snippets.sh, which documents the conventions; in short:

- Every block fenced as ```swift is compiled. A block whose first non-blank line starts with `// Moya`
  is Moya code shown for comparison and is skipped. Anything else that is not meant to compile is
  fenced with another language (```sh, ```text, ```json).
- Each Markdown file becomes one module, so a type declared in one block of a file can be used by the
  later blocks of the same file, and files never clash with each other.
- The top-level items of a block are sorted: declarations (`struct`, `enum`, `class`, `actor`,
  `protocol`, `extension`, `typealias`, `func`, with their attributes and modifiers) go at file scope;
  `import` lines go at the top of every file of the module; everything else (statements, `let`,
  `var`) goes, in order, into a function of its own, `func snippetNN() async throws`, so `try await`
  works at top level.
- A block gets the imports its file's blocks write, and nothing else: a sample compiles as a reader
  would paste it (`import Courier` alone must be enough, as it re-exports Foundation). Every module has
  a `Fixtures` resource folder, so `Bundle.module` exists as in a test target.
- Each module is compiled twice: in the Swift 6 language mode, and in the Swift 5 mode that Moya apps
  are written in; both with warnings treated as errors. The blocks of a file that `import CourierMoya`
  are a module of their own (`…_Moya`), built against CourierMoya in the Swift 5 mode only.
- `#sourceLocation` maps each line back to the Markdown file, so compiler errors name the Markdown
  file and line; this script turns them into "file, swift block N" in its summary.

Usage: snippets.py generate OUT_DIR COURIER_ROOT FILE...   writes OUT_DIR/Package.swift and Sources/
       snippets.py report OUT_DIR BUILD_LOG                   prints the failing blocks, exits 1 if any
"""

import json
import os
import re
import shutil
import sys

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\s]*)[^`]*$")
DECLARATION_KEYWORDS = {"struct", "enum", "class", "actor", "protocol", "extension", "typealias", "func"}
MODIFIERS = {
    "public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated", "indirect",
    "static", "nonisolated(unsafe)",
}
# An attribute, its arguments holding one level of parentheses: `@MainActor`, `@Test(.cassette("login"))`.
ATTRIBUTE = r"@\w+(\((?:[^()]|\([^()]*\))*\))?"
CONTINUATION = re.compile(r"^(\}|\)|\]|\.|,|&&|\|\||\?|:|->|else\b|catch\b|where\b|[+\-*%<>=!]=?\s)")


class Block:
    def __init__(self, path, number, first_line, lines):
        self.path = path  # the Markdown file, absolute
        self.number = number  # 1-based, counting every swift block of the file
        self.first_line = first_line  # Markdown line number of the block's first code line
        self.lines = lines  # the code, with the fence's indentation removed

    @property
    def last_line(self):
        return self.first_line + len(self.lines) - 1

    @property
    def skipped(self):
        for line in self.lines:
            if line.strip():
                return line.strip().startswith("// Moya")
        return True


def swift_blocks(path):
    """Every ```swift block of the Markdown file at `path`, in order."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read().split("\n")
    blocks = []
    index = 0
    while index < len(text):
        match = FENCE.match(text[index])
        if not match:
            index += 1
            continue
        fence, indent = match.group("fence"), match.group("indent")
        language = match.group("info").lower()
        body = []
        index += 1
        start = index + 1  # 1-based line number of the first code line
        while index < len(text):
            line = text[index]
            stripped = line.strip()
            if stripped.startswith(fence[0] * len(fence)) and set(stripped) <= {fence[0]}:
                break
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            index += 1
        index += 1
        if language == "swift":
            blocks.append(Block(path, len(blocks) + 1, start, body))
    return blocks


def leading_keyword(line):
    """The first word of a top-level item after its attributes and modifiers."""
    rest = line.strip()
    while True:
        attribute = re.match(r"^" + ATTRIBUTE + r"\s*", rest)
        if attribute:
            rest = rest[attribute.end():]
            continue
        word = re.match(r"^[A-Za-z_][\w]*(\([a-z]+\))?", rest)
        if word and word.group(0) in MODIFIERS:
            rest = rest[word.end():].lstrip()
            continue
        return word.group(0) if word else ""


def top_level_items(block):
    """Splits a block into (kind, first_index, lines) items; kind is import, declaration or statement."""
    items = []
    current = None  # [kind or None, first index, lines]
    for index, line in enumerate(block.lines):
        stripped = line.strip()
        starts_item = bool(stripped) and not line[0].isspace() and not CONTINUATION.match(stripped)
        if starts_item and current is not None and current[0] is None:
            # Comments and lone attributes belong to the item that follows them.
            starts_item = False
            current[0] = classify(stripped)
        elif starts_item:
            if current is not None:
                items.append(current)
            current = [classify(stripped), index, []]
        elif current is None and stripped:
            current = [None, index, []]
        if current is not None:
            current[2].append(line)
    if current is not None:
        items.append(current)
    merged = []
    for kind, first, lines in items:
        kind = kind or "statement"
        if merged and kind == "statement" and merged[-1][0] == "statement":
            merged[-1][2].extend(lines)
        else:
            merged.append([kind, first, lines])
    return [tuple(item) for item in merged]


def classify(stripped):
    without_comment = re.sub(r"\s*//.*$", "", stripped)
    if stripped.startswith("//") or stripped.startswith("/*") or re.fullmatch(ATTRIBUTE, without_comment):
        return None
    keyword = leading_keyword(stripped)
    if keyword == "import":
        return "import"
    if keyword in DECLARATION_KEYWORDS:
        return "declaration"
    return "statement"


def swift_string(text):
    return json.dumps(text)


def block_imports(block):
    """The `import` lines of a block."""
    return [
        line.strip() for kind, _, lines in top_level_items(block) if kind == "import" for line in lines
        if line.strip().startswith("import ")]


TOP_LEVEL_BINDING = re.compile(r"^(?:let|var)\s+([A-Za-z_][A-Za-z0-9_]*)\b")


def block_source(block, module_imports):
    """The Swift file for one block; every file of a module gets the imports of all its blocks."""
    imports = list(module_imports)
    declarations = []
    statements = []
    for kind, first, lines in top_level_items(block):
        line_number = block.first_line + first
        if kind == "import":
            continue
        elif kind == "declaration":
            declarations.append((line_number, lines))
        else:
            statements.append((line_number, lines))

    out = [f"// Generated by scripts/snippets.py from {block.path}, swift block {block.number}. Do not edit."]
    out += imports + [""]
    location = swift_string(block.path)
    for line_number, lines in declarations:
        out.append(f"#sourceLocation(file: {location}, line: {line_number})")
        out += lines
        out.append("#sourceLocation()")
    if statements:
        out.append(f"func snippet{block.number:02d}() async throws {{")
        names = []
        for line_number, lines in statements:
            out.append(f"#sourceLocation(file: {location}, line: {line_number})")
            out += lines
            out.append("#sourceLocation()")
            names += [match.group(1) for match in map(TOP_LEVEL_BINDING.match, lines) if match]
        # A top-level `let` of a sample is a global a reader goes on to use; inside this function it
        # would be an unused local, and its warning an artefact of the check.
        out += [f"    _ = {name}" for name in dict.fromkeys(names)]
        out.append("}")
    return "\n".join(out) + "\n"


def module_name(relative_path):
    stem = os.path.splitext(relative_path)[0]
    stem = re.sub(r"^Sources/Courier/Courier\.docc/", "", stem)
    return "Snippets_" + re.sub(r"\W", "_", stem)


def write_if_changed(path, text):
    """Writes `text` unless the file already holds it, so unchanged snippets are not rebuilt."""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            if handle.read() == text:
                return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def generate(out_dir, courier_root, files):
    courier_root = os.path.abspath(courier_root)
    sources = os.path.join(out_dir, "Sources")
    modules = {}
    # Modules whose blocks import CourierTesting (the cassette trait) depend on that product too.
    testing_modules = set()
    index = []
    for path in files:
        absolute = os.path.abspath(path)
        relative = os.path.relpath(absolute, courier_root)
        blocks = swift_blocks(absolute)
        compiled = [block for block in blocks if not block.skipped]
        print(f"  {relative}: {len(blocks)} swift block(s), {len(blocks) - len(compiled)} skipped (// Moya)")
        if not compiled:
            continue
        # Blocks that import CourierMoya (Moya app code on the drop-in path) form a module of their own,
        # so that their names never meet Courier's in one file.
        groups = {}
        for block in compiled:
            moya = "import CourierMoya" in block_imports(block)
            groups.setdefault(module_name(relative) + ("_Moya" if moya else ""), []).append(block)
        for module, group in groups.items():
            modules[module] = {}
            module_imports = list(dict.fromkeys(line for block in group for line in block_imports(block)))
            if "import CourierTesting" in module_imports:
                testing_modules.add(module)
            for block in group:
                modules[module][f"Block{block.number:02d}.swift"] = block_source(block, module_imports)
                index.append(
                    {"file": relative, "path": absolute, "block": block.number, "first": block.first_line,
                     "last": block.last_line, "module": module})

    # Remove what an earlier run generated and this one did not.
    if os.path.isdir(sources):
        for module in os.listdir(sources):
            directory = os.path.join(sources, module)
            if os.path.islink(directory):
                if module.removesuffix("_Swift5") not in modules:
                    os.remove(directory)
                continue
            for name in os.listdir(directory):
                if name.endswith(".swift") and name not in modules.get(module, {}):
                    os.remove(os.path.join(directory, name))
            if module not in modules:
                shutil.rmtree(directory)
    for module, files_of_module in modules.items():
        for name, text in files_of_module.items():
            write_if_changed(os.path.join(sources, module, name), text)
        # A resource folder, so that `Bundle.module` exists as it does in a test target with fixtures.
        write_if_changed(
            os.path.join(sources, module, "Fixtures", "README.txt"),
            "Resource folder of the generated snippet module, so that Bundle.module exists.\n")

    identity = os.path.basename(courier_root).lower()
    # The same sources as a second module in the Swift 5 language mode (Sources/<module>_Swift5 links to
    # the module's folder), so that the samples are checked in both modes. Moya app code (the `_Moya`
    # modules, against CourierMoya) is Swift 5 code, checked in that mode only.
    for module in modules:
        if module.endswith("_Moya"):
            continue
        link = os.path.join(sources, module + "_Swift5")
        if not os.path.islink(link):
            if os.path.exists(link):
                shutil.rmtree(link)
            os.symlink(module, link)
    def modes(module):
        if module.endswith("_Moya"):
            return [(module, "v5", "CourierMoya")]
        return [(module, "v6", "Courier"), (module + "_Swift5", "v5", "Courier")]

    def dependencies(module, product):
        products = [product] + (["CourierTesting"] if module in testing_modules else [])
        return ", ".join(f'.product(name: "{name}", package: "{identity}")' for name in products)

    targets = ",\n".join(
        f'        .target(\n            name: "{name}",\n'
        f'            dependencies: [{dependencies(module, product)}],\n'
        f'            resources: [.copy("Fixtures")],\n'
        f'            swiftSettings: [.swiftLanguageMode(.{mode}), .unsafeFlags(["-warnings-as-errors"])])'
        for module in sorted(modules) for name, mode, product in modes(module))
    manifest = f"""// swift-tools-version:6.0
// Generated by scripts/snippets.py: the Swift blocks of the documentation, one module per Markdown file.
import PackageDescription

let package = Package(
    name: "CourierSnippets",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(path: {swift_string(courier_root)})],
    targets: [
{targets}
    ],
    swiftLanguageModes: [.v6]
)
"""
    write_if_changed(os.path.join(out_dir, "Package.swift"), manifest)
    write_if_changed(os.path.join(out_dir, "blocks.json"), json.dumps(index, indent=1) + "\n")
    count = sum(len(files_of_module) for files_of_module in modules.values())
    print(f"  {count} block(s) to compile in {len(modules)} module(s)")


DIAGNOSTIC = re.compile(r"^(?P<path>/[^:]+):(?P<line>\d+):(?P<column>\d+): error: (?P<message>.*)$")


def report(out_dir, log_path):
    with open(os.path.join(out_dir, "blocks.json"), encoding="utf-8") as handle:
        index = json.load(handle)
    with open(log_path, encoding="utf-8", errors="replace") as handle:
        log = handle.read().split("\n")
    failures = {}
    unmapped = []
    for line in log:
        match = DIAGNOSTIC.match(line)
        if not match:
            continue
        path, number = match.group("path"), int(match.group("line"))
        block = next(
            (entry for entry in index
             if entry["path"] == path and entry["first"] <= number <= entry["last"]), None)
        if block is None:
            generated = re.search(r"/Sources/(Snippets_\w+?)(?:_Swift5)?/Block(\d+)\.swift$", path)
            if generated:
                module, number_of_block = generated.group(1), int(generated.group(2))
                block = next(
                    (entry for entry in index
                     if entry["module"] == module and entry["block"] == number_of_block), None)
        if block is None:
            unmapped.append(line)
            continue
        key = (block["file"], block["block"])
        failures.setdefault(key, (block, []))[1].append(f"line {number}: {match.group('message')}")
    for (file, number), (block, messages) in sorted(failures.items()):
        print(f"FAILED: {file}, swift block {number} (lines {block['first']}-{block['last']}):")
        for message in dict.fromkeys(messages):
            print(f"    {message}")
    for line in unmapped:
        print(f"FAILED (outside any block): {line}")
    return 1 if failures or unmapped else 0


def main(argv):
    if len(argv) >= 4 and argv[1] == "generate":
        generate(argv[2], argv[3], argv[4:])
        return 0
    if len(argv) == 4 and argv[1] == "report":
        return report(argv[2], argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
