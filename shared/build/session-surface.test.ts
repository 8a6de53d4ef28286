// @vitest-environment node
/**
 * @chirp/session is the one package the shell and every remote share at run time, and a remote built
 * against another major version is not loaded. So its public surface (every export, with its type,
 * and the members of each exported type) is checked in (`public-surface.txt`), and:
 *   - a surface that differs from the checked-in one fails, saying how to record it;
 *   - recording it (`UPDATE_SURFACE=1 npx vitest run shared/build/session-surface.test.ts`)
 *     is refused unless the package's version says what changed: a removed or changed export needs a
 *     new major, an added one at least a new minor.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const PACKAGE = resolve(import.meta.dirname, '../session');
const RECORD = join(PACKAGE, 'public-surface.txt');
const version = (JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { version: string }).version;

const ROOT = resolve(PACKAGE, '../..');
const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;

const LITERAL = ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BooleanLiteral | ts.TypeFlags.Undefined | ts.TypeFlags.Null;
const isLiteralUnion = (type: ts.Type) => (type.isUnion() ? type.types : [type]).every((member) => (member.flags & LITERAL) !== 0);

/**
 * One line per export: its name, value or type, and its type. An object value (an API client) and a
 * type with members are one line per member, one level deep, so that adding a member adds a line (a
 * minor version) rather than changing one (a major). The record cannot tell a type the remotes only
 * read (the session's state: a new member is an addition) from one they build (an option object: a
 * new required member breaks them): such a member needs a major, and its reviewer says so.
 */
function currentSurface(): string[] {
  const configFile = ts.readConfigFile(join(PACKAGE, 'tsconfig.json'), ts.sys.readFile);
  const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, PACKAGE);
  const index = join(PACKAGE, 'src/index.ts');
  const program = ts.createProgram({ rootNames: [index], options: { ...config.options, noEmit: true, composite: false } });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(index)!)!;
  // Types of other modules are written import("<path>").Name: the path from the repository, not this machine's.
  // A union of string literals is written in order: TypeScript orders its members as it met them,
  // which a change elsewhere in the program can shuffle.
  const text = (type: ts.Type) =>
    checker
      .typeToString(type, undefined, FORMAT)
      .replaceAll(`import("${ROOT}/`, 'import("')
      .replace(/"[^"]*"(?: \| "[^"]*")+/g, (union) => union.split(' | ').sort().join(' | '));
  return checker
    .getExportsOfModule(moduleSymbol)
    .flatMap((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.declarations?.[0];
      if (symbol.flags & ts.SymbolFlags.Value && declaration) {
        const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
        const plainObject = symbol.flags & ts.SymbolFlags.Variable && type.flags & ts.TypeFlags.Object && type.getCallSignatures().length === 0 && type.getConstructSignatures().length === 0;
        const members = plainObject ? checker.getPropertiesOfType(type) : [];
        if (members.length > 0) {
          return members.map((member) => `${exported.name}.${member.name}: value ${text(checker.getTypeOfSymbol(member))}`);
        }
        return `${exported.name}: value ${text(type)}`;
      }
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      // A union of literals ('latest' | 'trending') is written as itself, not as the members of String.
      if (isLiteralUnion(type)) return `${exported.name}: type ${text(type)}`;
      const members = checker
        .getPropertiesOfType(type)
        .map((member) => `${exported.name}.${member.name}${member.flags & ts.SymbolFlags.Optional ? '?' : ''}: type ${text(checker.getTypeOfSymbol(member))}`);
      return members.length > 0 ? members : `${exported.name}: type ${text(type)}`;
    })
    .sort();
}

function readRecord(): { version: string; lines: string[] } | undefined {
  if (!existsSync(RECORD)) return undefined;
  const [header = '', ...lines] = readFileSync(RECORD, 'utf8').trimEnd().split('\n');
  return { version: header.replace(/^@chirp\/session /, ''), lines };
}

const parts = (text: string) => text.split('.').map(Number) as [number, number, number];

/** What the version must at least be for a surface that went from `before` to `after`. */
export function bumpNeeded(before: string[], after: string[]): 'major' | 'minor' | 'none' {
  const now = new Set(after);
  const changed = before.filter((line) => !now.has(line));
  if (changed.some((line) => !after.some((next) => widens(line, next)))) return 'major';
  return after.length > before.length || changed.length > 0 ? 'minor' : 'none';
}

/** Optional members (`name?: type;`) of a line's object types, and the line without them. */
const OPTIONAL_MEMBER = /\b\w+\?: [^;{}()]+; /g;
const optionalMembers = (line: string) => new Set(line.match(OPTIONAL_MEMBER) ?? []);

/** A string literal of a union, as the line lists it before the next one (`"likes" | `). */
const UNION_LITERAL = /"[\w-]+" \| /g;
const unionLiterals = (line: string) => new Set(line.match(UNION_LITERAL) ?? []);

/**
 * Whether `next` is `line` with optional members added to its object types (an answer that may now
 * carry a field more), or with string literals added to its unions (a live event of a new kind, which
 * a remote built before ignores, as an older kernel never sends it): what read it still reads it,
 * and what builds it still builds it.
 */
function widens(line: string, next: string): boolean {
  const bare = (text: string) => text.replace(OPTIONAL_MEMBER, '').replace(UNION_LITERAL, '');
  if (bare(line) !== bare(next)) return false;
  const members = optionalMembers(next);
  const literals = unionLiterals(next);
  return [...optionalMembers(line)].every((member) => members.has(member)) && [...unionLiterals(line)].every((literal) => literals.has(literal));
}

describe('the public surface of @chirp/session', () => {
  it('is the one checked in, and a change to it comes with the version it needs', { timeout: 60_000 }, () => {
    const surface = currentSurface();
    const record = readRecord();
    if (process.env.UPDATE_SURFACE === '1') {
      if (record) {
        const [major, minor] = parts(version);
        const [recordedMajor, recordedMinor] = parts(record.version);
        const needed = bumpNeeded(record.lines, surface);
        if (needed === 'major') expect(major, 'an export was removed or changed: a new major version').toBeGreaterThan(recordedMajor);
        if (needed === 'minor') {
          expect(major > recordedMajor || minor > recordedMinor, 'an export was added: at least a new minor version').toBe(true);
        }
      }
      writeFileSync(RECORD, `@chirp/session ${version}\n${surface.join('\n')}\n`);
      return;
    }
    expect(record, 'no public-surface.txt: record it with UPDATE_SURFACE=1').toBeDefined();
    expect(
      surface,
      'The public surface of @chirp/session changed. Record it with UPDATE_SURFACE=1 npx vitest run shared/build/session-surface.test.ts ' +
        '(a removed or changed export needs a new major version, an added one a new minor).',
    ).toEqual(record!.lines);
    expect(parts(version)[0], 'the checked-in surface is of this major').toBe(parts(record!.version)[0]);
  });

  it('needs a major for a removed or changed export, a minor for an added one', () => {
    expect(bumpNeeded(['a: value number'], ['a: value number', 'b: value string'])).toBe('minor');
    expect(bumpNeeded(['a: value number', 'b: value string'], ['a: value number'])).toBe('major');
    expect(bumpNeeded(['a: value number'], ['a: value string'])).toBe('major');
    expect(bumpNeeded(['a: value number'], ['a: value number'])).toBe('none');
    // An optional member added to an object type (an answer's new field) is an addition.
    expect(bumpNeeded(['a: value () => { b: string; }'], ['a: value () => { b: string; c?: true; }'])).toBe('minor');
    expect(bumpNeeded(['a: value () => { b: string; c?: true; }'], ['a: value () => { b: string; }'])).toBe('major');
    expect(bumpNeeded(['a: value () => { b: string; }'], ['a: value () => { b: string; c: true; }'])).toBe('major');
    // A string literal added to a union (an event of a new kind) is an addition; one taken away is not.
    expect(bumpNeeded(['a: type "likes" | "post"'], ['a: type "gone" | "likes" | "post"'])).toBe('minor');
    expect(bumpNeeded(['a: type "gone" | "likes" | "post"'], ['a: type "likes" | "post"'])).toBe('major');
    expect(bumpNeeded(['a: type "likes" | "post"'], ['a: type "likes"'])).toBe('major');
    expect(bumpNeeded(['a: type "likes" | "post"'], ['a: type "likes" | "posts"'])).toBe('major');
  });
});
