// Package loadutil holds what the engine's file readers (scene/tiled,
// scene/isoxml, scene/imagelevel, scene/ascii, scene's image reading,
// audio, atlas's sheets and Aseprite files, ai/bt, ai/fsm, ai/fuzzy's FLL
// and modules, ai/nav's Moving AI files, platform's replays and headless
// scripts) do the same way, so that it is written, tested and fixed once.
// They share one shape too: Parse(name, data) reads bytes or text whose
// name is only for messages, Load(fsys, name) reads a file of an fs.FS,
// limits or options come last, and a reader that builds against a
// registry is its method (bt's and fsm's Registry.Parse, Registry.Load).
// What it holds:
//
//   - the one positioned error type of every reader, *Error
//     ("file:line:col: where: msg: cause"; "line N: msg" for a source
//     with no file name), with the chain of files (Chain) and the error
//     kinds the readers share (ErrSyntax, ErrInvalid, ErrRef, ErrLimit,
//     ErrPath, ErrMissing), matched with errors.Is; each reader re-exports
//     the type under its own name (type Error = loadutil.Error: bt.Error,
//     fsm.Error, fuzzy.Error, nav.Error, atlas.Error, tiled.Error, ...)
//     with the kinds it uses, so errors.Is/As work on every reader's
//     errors and callers outside the module, who cannot import this
//     package, name it;
//   - Open, the one way a reader opens a file: only regular files, checked
//     before opening, so a named pipe, device, socket or directory is
//     refused instead of blocking or being read; OpenRoot, a folder as an
//     fs.FS (an os.Root) whose symbolic links cannot lead outside it;
//   - CheckPath and ReadFile: a name must be a valid fs.FS path, and a file
//     is read through a byte cap, so a huge or endless file is refused
//     after max+1 bytes instead of exhausting memory;
//   - ResolvePath: a path as written in one file (an external tileset, a
//     definitions file) resolved relative to that file, refusing absolute
//     paths, drive letters, backslashes, URLs, NUL bytes and anything that
//     leaves the fs.FS root after cleaning;
//   - XMLTree and XMLNode, the one XML element tree of the XML readers
//     (tiled's TMX/TSX/TX, isoxml): every element at the line where its
//     start tag begins, the element, attribute and nesting budget checked
//     before each element is allocated (XMLBudget, CheckAttrs), decoder
//     errors as an *Error at their line (XMLError), and a hook that lets
//     a reader count its own elements or fold some into their parent
//     (tiled's legacy <tile gid> children of <data>);
//   - CheckAttrs, which bounds the attributes of one XML tag on the raw
//     bytes, before encoding/xml reads them all at once;
//   - RaiseHint, which ends a limit error's message with the setting
//     that raises it ("(raise Loader.Limits.MaxFileBytes)");
//   - QuoteShort and LineCol, the small text helpers behind the messages;
//   - Defaults, the one rule of every Limits: a field that is not
//     positive takes the default's value.
//
// Each loader keeps its own error kinds that only it uses (tiled's ErrData,
// ErrGID and ErrUnsupported, imagelevel's ErrFormat), its own Limits
// (their defaults filled by Defaults) and its own parsers.
//
// The subpackage loadtest holds the readers' hostile-corpus watch and
// generators, for tests. What loadutil and the loaders may import is
// checked with every other package by internal/layering.
//
// loadutil imports only the standard library. It must NOT import mathx,
// the loaders or any other Diorama package: the loaders import it.
package loadutil
