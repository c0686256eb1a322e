//! Standard output for the `kepi` subcommands: `outln!` and `out!` are `println!` and
//! `print!` that never panic.
//!
//! Rust ignores SIGPIPE, so when the reader of a pipe has gone (`kepi state GAME | head -1`)
//! a write fails with `ErrorKind::BrokenPipe`, and `println!` panics on it with a backtrace.
//! A reader that has gone wants no more output: kepi then ends at once, quietly, with status
//! 0, printing nothing more anywhere (as a Unix filter ends on SIGPIPE, but with success, so
//! that `set -o pipefail` scripts do not fail on `| head`). Any other write error (a full disk
//! behind `>`) is reported on standard error and kepi exits with status 1.
//!
//! Invariant that makes ending mid-command safe: no subcommand prints between two writes that
//! must go together. Game files are replaced through a temporary file and a rename, the
//! archive writes each command in one transaction, packs are imported into a temporary folder
//! renamed into place; so ending at any print leaves every file as it was before or after one
//! whole step (`kepi play` stops after the last command it saved).

use std::fmt;
use std::io::{self, Write};

/// `println!` to standard output, ending kepi as the module says on a write error.
macro_rules! outln {
    () => {
        $crate::cli::out::write_stdout(format_args!(""), true)
    };
    ($($arg:tt)*) => {
        $crate::cli::out::write_stdout(format_args!($($arg)*), true)
    };
}

/// `print!` to standard output, ending kepi as the module says on a write error.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::out::write_stdout(format_args!($($arg)*), false)
    };
}

/// Write `args` (and a newline) to the locked standard output: the line is written whole,
/// never interleaved with another thread's.
pub fn write_stdout(args: fmt::Arguments<'_>, newline: bool) {
    let mut stdout = io::stdout().lock();
    let written = stdout.write_fmt(args).and_then(|()| {
        if newline {
            stdout.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    if let Err(e) = written {
        drop(stdout);
        end_on_write_error(&e)
    }
}

/// What kepi does when standard output refuses a write (see the module comment).
fn end_on_write_error(e: &io::Error) -> ! {
    std::process::exit(match exit_status(e) {
        0 => 0,
        status => {
            // Standard error may be gone too: never panic on reporting it.
            let _ = writeln!(io::stderr(), "kepi: cannot write to standard output: {e}");
            status
        }
    })
}

/// The exit status for a write error on standard output: 0 for a reader that has gone, 1 for
/// anything else.
fn exit_status(e: &io::Error) -> i32 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        0
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_that_has_gone_is_success_and_other_errors_are_failures() {
        assert_eq!(exit_status(&io::Error::from(io::ErrorKind::BrokenPipe)), 0);
        assert_eq!(exit_status(&io::Error::from(io::ErrorKind::StorageFull)), 1);
        assert_eq!(
            exit_status(&io::Error::from(io::ErrorKind::PermissionDenied)),
            1
        );
    }
}
