//! `kepi pack export|list|verify|import` as a user runs them, with the app's library folder
//! taken from XDG_DATA_HOME.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Run kepi with HOME and XDG_DATA_HOME inside `home`; (exit code, stdout, stderr).
fn kepi(home: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kepi"))
        .args(args)
        .current_dir(root())
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .output()
        .expect("run kepi");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

#[test]
fn export_list_verify_import_into_the_default_library() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    let out = h.join("club.kepipack");
    let (code, stdout, stderr) = kepi(
        h,
        &[
            "pack",
            "export",
            "--out",
            &s(&out),
            "--name",
            "Club night",
            "--version",
            "3",
            "--author",
            "Ann",
            "--license",
            "CC0-1.0",
            "--timing",
            "scenarios/rs-01-fatehpur.json",
            "scenarios/rs-02-varese.json",
        ],
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout
            .contains("pack 'club-night' (Club night) version 3: 2 scenarios, 1 map, 2 thumbnails"),
        "{stdout}"
    );
    assert!(stdout.contains("export took"), "{stdout}");

    let (code, stdout, _) = kepi(h, &["pack", "list", &s(&out)]);
    assert_eq!(code, 0);
    for want in [
        "pack 'club-night': Club night",
        "author:      Ann",
        "license:     CC0-1.0",
        "scenarios/rs-01-fatehpur.json",
        "thumbnails/rs-02-varese.png",
        "maps/rifle-and-saber.json",
    ] {
        assert!(stdout.contains(want), "{want} in {stdout}");
    }

    let (code, stdout, _) = kepi(h, &["pack", "verify", &s(&out)]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("every entry listed, hashed and valid"),
        "{stdout}"
    );
    assert!(
        stdout.contains("scenario rs-02-varese: Varese (map rifle-and-saber)"),
        "{stdout}"
    );

    let (code, stdout, stderr) = kepi(h, &["pack", "import", &s(&out), "--timing"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let folder = h.join("data/kepi/library/packs/club-night");
    assert!(
        stdout.contains(&format!("into {}", folder.display())),
        "{stdout}"
    );
    assert!(stdout.contains("import took"), "{stdout}");
    assert_eq!(
        std::fs::read(folder.join("scenarios/rs-01-fatehpur.json")).unwrap(),
        std::fs::read(root().join("scenarios/rs-01-fatehpur.json")).unwrap()
    );
    // `kepi validate` on the imported folder passes (the manifest is not taken for a document).
    let (code, stdout, _) = kepi(h, &["validate", &s(&folder)]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("3 file(s) checked, 0 with problems"),
        "{stdout}"
    );

    let (code, stdout, _) = kepi(h, &["pack", "import", &s(&out)]);
    assert_eq!(code, 0);
    assert!(stdout.contains("already in the library"), "{stdout}");
}

#[test]
fn a_conflict_offers_both_ways_and_each_works() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    let lib = h.join("lib");
    let one = h.join("one.kepipack");
    let two = h.join("two.kepipack");
    for (file, scen, v) in [
        (&one, "scenarios/rs-05-first-bull-run.json", "1"),
        (&two, "scenarios/rs-06-shiloh.json", "2"),
    ] {
        let (code, o, e) = kepi(
            h,
            &[
                "pack",
                "export",
                "--out",
                &s(file),
                "--id",
                "club",
                "--version",
                v,
                scen,
            ],
        );
        assert_eq!(code, 0, "{o}{e}");
    }
    assert_eq!(
        kepi(h, &["pack", "import", &s(&one), "--into", &s(&lib)]).0,
        0
    );
    let (code, _, stderr) = kepi(h, &["pack", "import", &s(&two), "--into", &s(&lib)]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("--replace") && stderr.contains("--as-new-version"),
        "{stderr}"
    );
    let (code, _, stderr) = kepi(
        h,
        &[
            "pack",
            "import",
            &s(&two),
            "--into",
            &s(&lib),
            "--replace",
            "--as-new-version",
        ],
    );
    assert_eq!(code, 2, "{stderr}");
    let (code, stdout, _) = kepi(
        h,
        &[
            "pack",
            "import",
            &s(&two),
            "--into",
            &s(&lib),
            "--as-new-version",
        ],
    );
    assert_eq!(code, 0);
    assert!(
        stdout.contains("as a new version") && lib.join("packs/club@2").is_dir(),
        "{stdout}"
    );
    let (code, stdout, _) = kepi(
        h,
        &["pack", "import", &s(&two), "--into", &s(&lib), "--replace"],
    );
    assert_eq!(code, 0);
    assert!(stdout.contains("already in the library"), "{stdout}");
}

#[test]
fn hostile_and_invalid_input_is_refused_and_nothing_is_written() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    let bad: PathBuf = h.join("bad.kepipack");
    std::fs::write(&bad, b"PK\x03\x04 this is not really a zip").unwrap();
    for cmd in ["import", "verify", "list"] {
        let (code, _, stderr) = kepi(h, &["pack", cmd, &s(&bad)]);
        assert_eq!(code, 1, "{cmd}");
        assert!(
            stderr.contains("not a Kepi pack") && stderr.contains("bad.kepipack"),
            "{stderr}"
        );
    }
    assert!(!h.join("data").exists(), "the library folder was created");

    let out = h.join("broken.kepipack");
    let (code, _, stderr) = kepi(
        h,
        &[
            "pack",
            "export",
            "--out",
            &s(&out),
            "tests/fixtures/library/broken/unknown-feature.json",
        ],
    );
    assert_eq!(code, 1);
    assert!(
        stderr.contains("nothing written") && stderr.contains("unknown-feature.json"),
        "{stderr}"
    );
    assert!(!out.exists());
    let (code, _, stderr) = kepi(h, &["pack", "import", &s(&h.join("missing.kepipack"))]);
    assert_eq!(code, 1);
    assert!(stderr.contains("cannot read"), "{stderr}");
}
