use super::Outcome;
use crate::library::{load_map, load_scenario};
use crate::render::{self, DEFAULT_SCALE, RenderOptions};
use crate::scenario::Scenario;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The map file (optional with --scenario, whose map is used by default).
    #[arg(required_unless_present = "scenario")]
    map: Option<PathBuf>,
    /// The PNG file to write.
    #[arg(long, value_name = "FILE.png")]
    out: PathBuf,
    /// Pixels across one hex, corner to corner (twice the hex's outer radius).
    #[arg(long, value_name = "PX_PER_HEX", default_value_t = DEFAULT_SCALE)]
    scale: u32,
    /// Draw this scenario's deployment zones, entry hexes, objectives, title and legend.
    #[arg(long, value_name = "SCENARIO")]
    scenario: Option<PathBuf>,
    /// Leave out hex numbers.
    #[arg(long)]
    no_hex_numbers: bool,
    /// Leave out feature codes and turn tags.
    #[arg(long)]
    no_labels: bool,
    /// Add a strip under a bare map with the key of its terrain, hexside features and routes,
    /// and a scale bar (a scenario's picture has its own legend).
    #[arg(long, conflicts_with = "scenario")]
    key: bool,
}

/// The picture is PNG and nothing else: a file named otherwise would hold PNG bytes under a
/// name that says JPEG (or nothing), so it is refused before anything is read or drawn.
fn check_out(out: &Path) -> Result<(), String> {
    match out.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("png") => Ok(()),
        Some(e) => Err(format!(
            "--out {}: kepi render writes PNG only; name the file with .png, not .{e}",
            out.display()
        )),
        None => Err(format!(
            "--out {}: kepi render writes PNG only; name the file with .png",
            out.display()
        )),
    }
}

pub fn run(args: Args) -> Outcome {
    check_out(&args.out)?;
    let options = RenderOptions {
        scale: args.scale,
        hex_numbers: !args.no_hex_numbers,
        labels: !args.no_labels,
    };
    let map = match &args.map {
        Some(p) => Some(load_map(p).map_err(|p| p.to_string())?),
        None => None,
    };
    let scenario = match &args.scenario {
        Some(path) => {
            let s = load_scenario(path).map_err(|p| p.to_string())?;
            Some(match map.clone() {
                // Draw the scenario on the map given, checked against it.
                Some(m) if m != s.map => {
                    if m.id != s.map.id {
                        return Err(format!(
                            "{}: the scenario is on map '{}', not '{}'",
                            path.display(),
                            s.map.id,
                            m.id
                        ));
                    }
                    Scenario::new(s.file, m, s.catalog).map_err(|p| p.in_file(path).to_string())?
                }
                _ => s,
            })
        }
        None => None,
    };
    let (img, what) = match (&scenario, &map) {
        (Some(s), _) => (render::render_scenario(s, &options), "scenario"),
        (None, Some(m)) if args.key => (render::render_map_with_key(m, &options), "map"),
        (None, Some(m)) => (render::render_map(m, &options), "map"),
        (None, None) => return Err("give a map or --scenario".to_string()),
    };
    let img = img.map_err(|e| format!("cannot render the {what}: {e}"))?;
    let png = render::encode_png(&img).map_err(|e| e.to_string())?;
    let out = &args.out;
    super::archive::write_atomic_bytes(out, &png)?;
    outln!(
        "{}: {} x {} px, {} px per hex",
        out.display(),
        img.width(),
        img.height(),
        options.scale
    );
    Ok(ExitCode::SUCCESS)
}
