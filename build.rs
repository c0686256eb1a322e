//! Lists the shipped maps and scenarios for `src/shipped.rs`: every `*.json` of `maps/` and
//! `scenarios/`, under its id (its file name), in file-name order, embedded by `include_str!`.
//! No id is written anywhere else, so a file added to either folder ships with the next build.

use std::path::Path;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for folder in ["maps", "scenarios"] {
        let dir = Path::new(&root).join(folder);
        println!("cargo::rerun-if-changed={}", dir.display());
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a folder entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        let mut list = String::from("&[\n");
        for f in &files {
            let id = f.file_stem().expect("a file name").to_string_lossy();
            list.push_str(&format!(
                "    Shipped {{ id: {id:?}, text: include_str!({:?}) }},\n",
                f.display().to_string()
            ));
        }
        list.push_str("]\n");
        let path = Path::new(&out).join(format!("shipped_{folder}.rs"));
        std::fs::write(&path, list).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}
