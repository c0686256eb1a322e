//! The embedded data tables against independent transcriptions of the printed tables.

use kepi::engine::rifle_and_saber::tables::Tables;

#[test]
fn r_and_s_9_1_combat_results_table_cell_by_cell() {
    let golden = include_str!("golden/rifle-and-saber-crt.csv");
    let crt = &Tables::embedded().combat_results;
    let mut lines = golden.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header[0], "die");
    let columns: Vec<String> = crt.columns.iter().map(|c| c.to_string()).collect();
    assert_eq!(header[1..], columns, "odds columns");
    let mut cells = 0;
    for line in lines {
        let row: Vec<&str> = line.split(',').collect();
        let roll: u32 = row[0].parse().unwrap();
        for (col, expected) in row[1..].iter().enumerate() {
            assert_eq!(
                crt.result(col, roll),
                Some(*expected),
                "die {roll}, column {}",
                columns[col]
            );
            cells += 1;
        }
    }
    assert_eq!(cells, 8 * 6, "8 columns x 6 rolls");
    assert_eq!(crt.rows.len(), 6);
}
