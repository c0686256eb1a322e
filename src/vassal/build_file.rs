//! A small XML writer for VASSAL's build file and module data: elements named by their Java
//! classes, attributes in the order given.
//!
//! Invariant: attribute values and text are escaped (`&`, `<`, `>`, `"`, and in attributes
//! tabs and line breaks as character references), so a parser reads back exactly the strings
//! given; VASSAL's piece definitions keep their tabs in element text.

/// One XML element.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub text: String,
    pub children: Vec<Element>,
}

impl Element {
    pub fn new(name: &str) -> Element {
        Element {
            name: name.to_string(),
            attrs: Vec::new(),
            text: String::new(),
            children: Vec::new(),
        }
    }

    /// A `VASSAL.build.module.…` element.
    pub fn module(class: &str) -> Element {
        Element::new(&format!("VASSAL.build.module.{class}"))
    }

    pub fn attr(mut self, key: &str, value: impl ToString) -> Element {
        self.attrs.push((key.to_string(), value.to_string()));
        self
    }

    pub fn text(mut self, text: &str) -> Element {
        self.text = text.to_string();
        self
    }

    pub fn child(mut self, c: Element) -> Element {
        self.children.push(c);
        self
    }

    pub fn children(mut self, cs: impl IntoIterator<Item = Element>) -> Element {
        self.children.extend(cs);
        self
    }

    fn write(&self, out: &mut String, depth: usize) {
        let pad = "  ".repeat(depth);
        out.push_str(&pad);
        out.push('<');
        out.push_str(&self.name);
        for (k, v) in &self.attrs {
            out.push_str(&format!(" {k}=\"{}\"", escape(v, true)));
        }
        if self.text.is_empty() && self.children.is_empty() {
            out.push_str("/>\n");
            return;
        }
        out.push('>');
        out.push_str(&escape(&self.text, false));
        if !self.children.is_empty() {
            out.push('\n');
            for c in &self.children {
                c.write(out, depth + 1);
            }
            out.push_str(&pad);
        }
        out.push_str(&format!("</{}>\n", self.name));
    }

    /// The document: an XML declaration and this element.
    pub fn document(&self) -> String {
        let mut out =
            String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
        self.write(&mut out, 0);
        out
    }
}

fn escape(s: &str, attr: bool) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' if attr => o.push_str("&quot;"),
            '\t' if attr => o.push_str("&#9;"),
            '\n' if attr => o.push_str("&#10;"),
            '\r' => o.push_str("&#13;"),
            c => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_attributes_and_text() {
        let e = Element::new("a")
            .attr("k", "x\"<&\t")
            .child(Element::new("b").text("1\t2 < 3"));
        assert_eq!(
            e.document(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
             <a k=\"x&quot;&lt;&amp;&#9;\">\n  <b>1\t2 &lt; 3</b>\n</a>\n"
        );
    }
}
