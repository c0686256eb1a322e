//! VASSAL's `SequenceEncoder` (tools/SequenceEncoder.java): strings joined by a delimiter.
//!
//! Invariant (what VASSAL's `Decoder` undoes): every delimiter inside a token is preceded by a
//! backslash, and a token ending in a backslash, or starting and ending with a quote, is
//! wrapped in single quotes.

/// Tokens joined VASSAL's way.
#[derive(Debug)]
pub struct SequenceEncoder {
    delimiter: char,
    buffer: Option<String>,
}

impl SequenceEncoder {
    pub fn new(delimiter: char) -> SequenceEncoder {
        SequenceEncoder {
            delimiter,
            buffer: None,
        }
    }

    /// Append one token (`SequenceEncoder.append(String)`).
    pub fn append(mut self, s: &str) -> SequenceEncoder {
        let d = self.delimiter;
        let buf = match &mut self.buffer {
            Some(b) => {
                b.push(d);
                b
            }
            None => self.buffer.insert(String::new()),
        };
        let quote = s.ends_with('\\') || (s.starts_with('\'') && s.ends_with('\''));
        if quote {
            buf.push('\'');
        }
        for c in s.chars() {
            if c == d {
                buf.push('\\');
            }
            buf.push(c);
        }
        if quote {
            buf.push('\'');
        }
        self
    }

    /// The joined string; empty when nothing was appended (VASSAL returns null).
    pub fn value(self) -> String {
        self.buffer.unwrap_or_default()
    }
}

/// `tokens` joined with `delimiter`.
pub fn encode(delimiter: char, tokens: &[&str]) -> String {
    tokens
        .iter()
        .fold(SequenceEncoder::new(delimiter), |e, t| e.append(t))
        .value()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_as_vassal_does() {
        // The example of SequenceEncoder's javadoc: {A,{B,C}} is "A,B\,C".
        let inner = encode(',', &["B", "C"]);
        assert_eq!(encode(',', &["A", &inner]), "A,B\\,C");
        assert_eq!(
            encode(';', &["piece", "", "", "a.png", "MZ"]),
            "piece;;;a.png;MZ"
        );
        assert_eq!(encode('/', &["x\\"]), "'x\\'");
        assert_eq!(encode('/', &["'q'"]), "''q''");
        assert_eq!(encode('/', &["a/b", ""]), "a\\/b/");
    }
}
