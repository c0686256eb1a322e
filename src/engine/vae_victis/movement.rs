//! VV 5 Movement: an element's move by shares of its sheet's paces through each hex's ground
//! (docs/rules/vae-victis.md, "Paces to hexes"), interpenetration (VV 5.3), zones of control
//! (VV 6), strategic moves (VV 5.5), about-turns (VV 5.4), generals' free moves (VV 5.7), the
//! formation changes (VV 5.6) and moves into contact (VV 8, 8.1).

use super::dice::note;
use super::generals::{self, is_general};
use super::geometry::{self, at, contacts, distance, in_zoc, side, standing, terrain, troop};
use super::paces::{WHOLE_MOVE, share, within};
use super::results::move_row;
use super::state::{Acted, Role, State};
use super::tables::{Class, TroopClass, core};
use crate::engine::RuleError;
use crate::engine::facing::Facing;
use crate::engine::setup_state::Event;
use crate::map::Grid;
use crate::map::HexCoord;
use std::cell::RefCell;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// A way to a hex: the hexes from the start, the shares of the move spent, and whether it
/// passes through a friend (VV 5.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    pub hexes: Vec<HexCoord>,
    pub cost: u32,
    pub passes: bool,
}

/// VV 5.3: whether `e` (ending its move facing `facing`, if known) may pass through the
/// friend `o`.
fn may_pass(s: &State, e: usize, o: usize, facing: Option<Facing>) -> bool {
    if is_general(s, e) || is_general(s, o) {
        return true;
    }
    let aligned = facing.is_none_or(|f| matches!(f.steps_to(s.elements[o].facing), 0 | 6));
    let (me, it) = (s.class(e), s.class(o));
    aligned
        && (me == TroopClass::Skirmishers
            || it == TroopClass::Skirmishers
            || (it == TroopClass::Artillery
                && matches!(me, TroopClass::Infantry | TroopClass::Cavalry)))
}

/// The share of its move `e` spends entering `to` from `from` (`None`: it may not).
pub fn step_share(s: &State, e: usize, from: HexCoord, to: HexCoord) -> Option<u32> {
    step_share_of(s, &move_row(s, e), from, to)
}

/// [`step_share`] for the movement table's row `row`: the road's paces along a road, the
/// ground's elsewhere; never onto ground the row may not enter ("-").
fn step_share_of(s: &State, row: &str, from: HexCoord, to: HexCoord) -> Option<u32> {
    let sheet = &s.setup().variant.sheet;
    let class = terrain(s, to).class;
    if class == Class::Impassable {
        return None;
    }
    let ground = sheet.paces(row, class.key())?;
    let road = if s.setup().road(from, to) {
        sheet.paces(row, "road")
    } else {
        None
    };
    Some(share(road.unwrap_or(ground)))
}

/// Adjacent to an enemy troop element.
pub fn contact_hex(s: &State, e: usize, h: HexCoord) -> bool {
    s.setup()
        .grid
        .neighbors(h)
        .filter_map(|n| at(s, n))
        .any(|o| troop(s, o) && side(s, o) != side(s, e))
}

/// What every move of one side's elements in a position reads, computed once (legal commands
/// reuse it for all their elements): who stands where, the hexes in contact with an enemy of
/// the side, and each hex's enemy zones of control (VV 6), by the grid's index.
pub struct Board {
    side: usize,
    with_zones: bool,
    grid: Grid,
    occ: Vec<Option<usize>>,
    /// Shared with the boards made from it ([`Board::without`]): its own side's elements do
    /// not change them.
    contact: Rc<Vec<bool>>,
    zones: Rc<Vec<Vec<usize>>>,
}

impl Board {
    /// The board as the elements of `side` see it.
    pub fn new(s: &State, side_of: usize) -> Board {
        Board::build(s, side_of, true)
    }

    /// The board without the zones of control (who stands where and the contacts only).
    pub fn contacts(s: &State, side_of: usize) -> Board {
        Board::build(s, side_of, false)
    }

    fn build(s: &State, side_of: usize, with_zones: bool) -> Board {
        let g = s.setup().grid;
        let mut occ = vec![None; g.len()];
        for o in (0..s.elements.len()).filter(|&o| standing(s, o)) {
            if let Some(i) = g.index(s.elements[o].hex.expect("standing")) {
                occ[i] = Some(o);
            }
        }
        let mut contact = vec![false; g.len()];
        let mut zones: Vec<Vec<usize>> = vec![Vec::new(); if with_zones { g.len() } else { 0 }];
        for o in (0..s.elements.len()).filter(|&o| troop(s, o) && side(s, o) != side_of) {
            let oh = s.elements[o].hex.expect("standing");
            for n in g.neighbors(oh) {
                contact[g.index(n).expect("on the map")] = true;
            }
            if !with_zones {
                continue;
            }
            for x in g.to_hex(oh).range(within(core().paces.zone_of_control)) {
                if let Some(h) = g.from_hex(x)
                    && in_zoc(s, o, h)
                {
                    zones[g.index(h).expect("on the map")].push(o);
                }
            }
        }
        Board {
            side: side_of,
            with_zones,
            grid: g,
            occ,
            contact: Rc::new(contact),
            zones: Rc::new(zones),
        }
    }

    /// The board with `elements` (of its side) off the map.
    pub fn without(&self, s: &State, elements: &[usize]) -> Board {
        let mut occ = self.occ.clone();
        for &e in elements {
            debug_assert_eq!(side(s, e), self.side);
            if let Some(i) = s.elements[e].hex.and_then(|h| self.grid.index(h)) {
                occ[i] = None;
            }
        }
        Board {
            side: self.side,
            with_zones: self.with_zones,
            grid: self.grid,
            occ,
            contact: Rc::clone(&self.contact),
            zones: Rc::clone(&self.zones),
        }
    }

    /// The standing element in `h` ([`geometry::at`]).
    pub fn at(&self, h: HexCoord) -> Option<usize> {
        self.grid.index(h).and_then(|i| self.occ[i])
    }

    /// `h` is adjacent to an enemy troop element of the board's side ([`contact_hex`]).
    pub fn contact(&self, h: HexCoord) -> bool {
        self.grid.index(h).is_some_and(|i| self.contact[i])
    }

    /// The enemy elements in whose zones of control `h` lies (VV 6, [`geometry::zone_owners`]);
    /// none on a board without zones.
    pub fn zone_owners(&self, h: HexCoord) -> &[usize] {
        match self.grid.index(h) {
            Some(i) if self.with_zones => &self.zones[i],
            _ => &[],
        }
    }
}

/// VV 6 "A unit that finds itself in an enemy ZoC must align itself to face that unit": a
/// troop element `e` ending a move, a pivot or an entry at `h` (not in contact: in contact it
/// faces its opponent, VV 8) inside the zones of `owners` faces one of them
/// ([`geometry::aligned`]). Kepi's reading: the text gives no moment at which an element that
/// does not act must turn; the element aligns when it acts there.
pub fn zone_alignment(
    s: &State,
    e: usize,
    owners: &[usize],
    h: HexCoord,
    facing: Facing,
) -> Result<(), RuleError> {
    if !troop_role(s, e) || geometry::aligned(s, owners, h, facing, s.elements[e].square) {
        return Ok(());
    }
    let setup = s.setup();
    let toward: Vec<String> = owners
        .iter()
        .map(|&o| {
            let oh = s.elements[o].hex.expect("a zone's owner stands");
            let f: Vec<String> = geometry::facings_toward(s, h, oh)
                .iter()
                .map(|f| f.to_string())
                .collect();
            format!("{} ({})", setup.elements[o].id, f.join(" or "))
        })
        .collect();
    Err(RuleError::rule(
        "VV 6",
        format!(
            "{} at {} stands in the zone of control of {}: \"A unit that finds itself in an \
             enemy ZoC must align itself to face that unit\"; it may not face {facing} there",
            setup.elements[e].id,
            setup.name(h),
            toward.join(", ")
        ),
    ))
}

/// A troop element (generals ignore zones of control), standing or not.
fn troop_role(s: &State, e: usize) -> bool {
    s.setup().elements[e].role == Role::Troop
}

/// The shares of its move an element of one movement table row spends a hex, by the ground's
/// class, and along a road ([`step_share_of`], read once a search).
struct RowShares {
    ground: [Option<u32>; 4],
    road: Option<u32>,
}

impl RowShares {
    fn new(s: &State, row: &str) -> RowShares {
        let sheet = &s.setup().variant.sheet;
        let ground = |c: Class| match c {
            Class::Impassable => None,
            _ => sheet.paces(row, c.key()).map(share),
        };
        RowShares {
            ground: [
                ground(Class::Clear),
                ground(Class::Rough),
                ground(Class::Difficult),
                ground(Class::Impassable),
            ],
            road: sheet.paces(row, "road").map(share),
        }
    }

    /// [`step_share_of`] for a step onto ground of `class`, along a road or not.
    fn step(&self, class: Class, road: bool) -> Option<u32> {
        let i = match class {
            Class::Clear => 0,
            Class::Rough => 1,
            Class::Difficult => 2,
            Class::Impassable => 3,
        };
        let ground = self.ground[i]?;
        Some(if road {
            self.road.unwrap_or(ground)
        } else {
            ground
        })
    }
}

/// A state of the move search: (hex, lock, first); lock is the enemy whose zone the move
/// entered (an element's index, kept small: the search pushes and compares many keys).
type Key = (HexCoord, Option<u16>, bool);

/// A search state's cheapest cost found, the state it came from, and whether its way passes
/// through a friend.
#[derive(Clone, Copy)]
struct Best {
    cost: u32,
    prev: Option<Key>,
    passes: bool,
}

/// The search's best entries: the states outside every zone by the grid's index, the others
/// (few) hashed. Invariant: `touched` lists every index whose `free` entry is set, and a
/// vector handed back to `FREE_POOL` is all `None` (a search touches a few dozen of a map's
/// thousand-odd hexes: clearing those beats allocating and filling a map-sized vector for
/// each of the forty-odd searches of a legal list).
struct Bests {
    grid: Grid,
    free: Vec<Option<Best>>,
    touched: Vec<usize>,
    locked: HashMap<Key, Best, BuildHasherDefault<Fx>>,
}

thread_local! {
    /// Cleared `Bests::free` vectors kept for the next search on this thread.
    static FREE_POOL: RefCell<Vec<Vec<Option<Best>>>> = const { RefCell::new(Vec::new()) };
}

impl Bests {
    fn new(grid: Grid) -> Bests {
        let mut free = FREE_POOL.with(|p| p.borrow_mut().pop()).unwrap_or_default();
        if free.len() != grid.len() {
            free.clear();
            free.resize(grid.len(), None);
        }
        Bests {
            grid,
            free,
            touched: Vec::new(),
            locked: HashMap::default(),
        }
    }

    fn get(&self, k: &Key) -> Option<&Best> {
        if k.1.is_none() && !k.2 {
            self.free[self.grid.index(k.0).expect("on the map")].as_ref()
        } else {
            self.locked.get(k)
        }
    }

    fn set(&mut self, k: Key, b: Best) {
        if k.1.is_none() && !k.2 {
            let i = self.grid.index(k.0).expect("on the map");
            if self.free[i].is_none() {
                self.touched.push(i);
            }
            self.free[i] = Some(b);
        } else {
            self.locked.insert(k, b);
        }
    }

    /// Every entry, in no particular order.
    fn entries(&self) -> impl Iterator<Item = (Key, Best)> + '_ {
        self.touched
            .iter()
            .map(|&i| {
                let b = self.free[i].expect("a touched entry is set");
                ((self.grid.coord_at(i), None, false), b)
            })
            .chain(self.locked.iter().map(|(k, b)| (*k, *b)))
    }
}

impl Drop for Bests {
    fn drop(&mut self) {
        for &i in &self.touched {
            self.free[i] = None;
        }
        let free = std::mem::take(&mut self.free);
        // During the thread's teardown the pool may be gone: the vector is then dropped.
        let _ = FREE_POOL.try_with(|p| {
            let mut p = p.borrow_mut();
            if p.len() < 8 {
                p.push(free);
            }
        });
    }
}

/// Where one element may end its move ([`reach_of`]): the hexes in the order of their
/// coordinates (column, then row, as a `BTreeMap` of them would be), each with the share of
/// the move its cheapest way spends; a way's hexes are built only when asked ([`Reach::path`]).
pub struct Reach {
    best: Bests,
    ends: Vec<(HexCoord, u32, Key)>,
}

impl Reach {
    fn end(&self, h: HexCoord) -> Option<&(HexCoord, u32, Key)> {
        self.ends
            .binary_search_by(|x| x.0.cmp(&h))
            .ok()
            .map(|i| &self.ends[i])
    }

    /// Whether the element may end its move in `h`.
    pub fn contains(&self, h: HexCoord) -> bool {
        self.end(h).is_some()
    }

    /// The hexes reached, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = HexCoord> + '_ {
        self.ends.iter().map(|x| x.0)
    }

    /// The hex the way to `h` enters it from, and whether the way passes through a friend
    /// (VV 5.3).
    pub fn last_step(&self, h: HexCoord) -> Option<(HexCoord, bool)> {
        let (_, _, k) = self.end(h)?;
        let b = self.best.get(k).expect("an entry");
        Some((b.prev.expect("an end is not the start").0, b.passes))
    }

    /// The cheapest way to `h`.
    pub fn path(&self, h: HexCoord) -> Option<Path> {
        let &(_, cost, k) = self.end(h)?;
        let mut hexes = vec![k.0];
        let mut cur = k;
        while let Some(prev) = self.best.get(&cur).expect("an entry").prev {
            hexes.push(prev.0);
            cur = prev;
        }
        hexes.reverse();
        Some(Path {
            hexes,
            cost,
            passes: self.best.get(&k).expect("an entry").passes,
        })
    }

    /// Every hex with its way.
    pub fn paths(&self) -> BTreeMap<HexCoord, Path> {
        self.hexes()
            .map(|h| (h, self.path(h).expect("a hex reached")))
            .collect()
    }
}

/// A small multiplicative hasher for the search's keys (FxHash's mixing step).
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    fn write_isize(&mut self, x: isize) {
        self.write_u64(x as u64);
    }
}

/// Every hex `e` may end its move in, with its cheapest path: its move by shares (at least
/// one hex), passing friends per VV 5.3, stopping in contact (VV 8), and VV 6's zones of
/// control: a move entering an enemy's zone stops there unless it ends in contact with that
/// enemy, closing on it every step; a move starting in an enemy's zone ends in contact with it
/// or out of it. Generals ignore zones and never end in contact.
pub fn reach(s: &State, e: usize, facing: Option<Facing>) -> BTreeMap<HexCoord, Path> {
    reach_of(&Board::new(s, side(s, e)), s, e, facing).paths()
}

/// VV 5.3: by element, whether `e` (ending its move facing `facing`, if known) may pass
/// through it: its own side's standing elements that [`may_pass`] allows. The only thing
/// [`reach_of`] reads of `facing`: two facings with the same list reach the same hexes.
pub fn passable(s: &State, e: usize, facing: Option<Facing>) -> Vec<bool> {
    (0..s.elements.len())
        .map(|o| standing(s, o) && side(s, o) == side(s, e) && may_pass(s, e, o, facing))
        .collect()
}

/// [`reach`]'s search on a board of `e`'s side computed beforehand: its best states, and for
/// each hex the state it ends the move by, with its cost: the cheapest of the states there
/// that may end it, the first in the order of their keys among equals. The search reads the
/// setup's neighbour table and the row's shares a class, computed once.
pub fn reach_of(board: &Board, s: &State, e: usize, facing: Option<Facing>) -> Reach {
    let setup = s.setup();
    let g = &setup.grid;
    let start = s.elements[e].hex.expect("standing");
    let general = is_general(s, e);
    debug_assert!(board.side == side(s, e) && board.with_zones);
    // Generals ignore zones of control (VV 5.7).
    let zoc_at = |i: usize| -> &[usize] { if general { &[] } else { &board.zones[i] } };
    let index = |h: HexCoord| g.index(h).expect("on the map");
    let start_zocs = zoc_at(index(start)).to_vec();
    let shares = RowShares::new(s, &move_row(s, e));
    let passable = passable(s, e, facing);
    let mut best = Bests::new(*g);
    let mut heap = BinaryHeap::new();
    let k0: Key = (start, None, false);
    best.set(
        k0,
        Best {
            cost: 0,
            prev: None,
            passes: false,
        },
    );
    heap.push(std::cmp::Reverse((0u32, k0)));
    while let Some(std::cmp::Reverse((c, k))) = heap.pop() {
        let here = *best.get(&k).expect("pushed states have an entry");
        if here.cost < c {
            continue;
        }
        let (h, lock, _) = k;
        let hi = index(h);
        if h != start && board.contact[hi] {
            continue;
        }
        if h != start && c >= WHOLE_MOVE {
            continue;
        }
        for step in &setup.steps[hi] {
            let ni = step.to;
            let Some(cost) = shares.step(setup.classes[ni].class, step.road) else {
                continue;
            };
            let mut passes = here.passes;
            if let Some(o) = board.occ[ni] {
                if !passable[o] {
                    continue;
                }
                passes = true;
            }
            let nc = if c + cost > WHOLE_MOVE {
                if h != start {
                    continue;
                }
                WHOLE_MOVE
            } else {
                c + cost
            };
            let n = g.coord_at(ni);
            let nk: Key = match lock {
                Some(l) => {
                    let lh = s.elements[usize::from(l)].hex.expect("standing");
                    if distance(s, n, lh) >= distance(s, h, lh) {
                        continue;
                    }
                    (n, Some(l), false)
                }
                None => match zoc_at(ni).iter().find(|o| !start_zocs.contains(o)) {
                    Some(&l) => (n, Some(small(l)), true),
                    None => (n, None, false),
                },
            };
            if best.get(&nk).is_none_or(|b| nc < b.cost) {
                best.set(
                    nk,
                    Best {
                        cost: nc,
                        prev: Some(k),
                        passes,
                    },
                );
                heap.push(std::cmp::Reverse((nc, nk)));
            }
        }
    }
    let mut ends: Vec<(HexCoord, u32, Key)> = Vec::new();
    for (k, b) in best.entries() {
        let (h, lock, first) = k;
        let hi = index(h);
        if h == start || board.occ[hi].is_some() {
            continue;
        }
        if general && board.contact[hi] {
            continue;
        }
        let adjacent_to = |o: usize| g.adjacent(h, s.elements[o].hex.expect("standing"));
        if let Some(l) = lock
            && !first
            && !adjacent_to(usize::from(l))
        {
            continue;
        }
        // The board's zones are `in_zoc` of each enemy troop, hex by hex.
        if start_zocs
            .iter()
            .any(|&o| board.zones[hi].contains(&o) && !adjacent_to(o))
        {
            continue;
        }
        ends.push((h, b.cost, k));
    }
    // A hex's end: the cheapest of its states, the first by key among equals.
    ends.sort_unstable();
    ends.dedup_by_key(|x| x.0);
    Reach { best, ends }
}

/// An element's index as a search key's lock (a scenario of 65,536 elements or more, one a
/// hex, would need a map of as many hexes: none is near).
fn small(e: usize) -> u16 {
    u16::try_from(e).expect("fewer than 65,536 elements")
}

/// Whether an enemy element (generals too) stands within `limit` hexes of `h` (the scan stops
/// at the first).
fn enemy_within(s: &State, e: usize, h: HexCoord, limit: u32) -> bool {
    (0..s.elements.len()).any(|o| {
        standing(s, o)
            && side(s, o) != side(s, e)
            && distance(s, h, s.elements[o].hex.expect("standing")) <= limit
    })
}

/// VV 5.5: a move starting and finishing beyond 1200 paces of every enemy element.
pub fn strategic(s: &State, e: usize, from: HexCoord, to: HexCoord) -> bool {
    let limit = within(core().paces.strategic);
    !enemy_within(s, e, from, limit) && !enemy_within(s, e, to, limit)
}

/// Whether `e` may act (move, pivot, change formation) in this movement phase; why not.
pub fn may_act(s: &State, e: usize) -> Result<(), RuleError> {
    let setup = s.setup();
    let id = &setup.elements[e].id;
    if !standing(s, e) {
        return Err(RuleError::not_now(format!("{id} is not on the map")));
    }
    if side(s, e) != s.active() {
        return Err(RuleError::not_now(format!(
            "{id} is not the active player's"
        )));
    }
    if troop(s, e) && geometry::in_contact(s, e) {
        return Err(RuleError::rule(
            "VV 8",
            format!(
                "{id} is in contact with the enemy: \"Melee is obligatory between units in contact\""
            ),
        ));
    }
    Ok(())
}

/// The AP `e` pays for a move now: a general's first move is free (VV 5.7), the C-in-C moves
/// once a phase, free; either carries the troop elements beside him that he commands
/// (`generals::carry`), whose next move or pivot is free. The notes say who is carried and
/// who moves free.
fn pay_move(s: &mut State, e: usize, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let id = &setup.elements[e].id;
    let carry = |s: &mut State, ev: &mut Vec<Event>| {
        let carried = generals::carry(s, e);
        if !carried.is_empty() {
            let names: Vec<&str> = carried
                .iter()
                .map(|&x| setup.elements[x].id.as_str())
                .collect();
            note(
                ev,
                format!(
                    "{id}'s free move carries {} beside him: the next move or about-turn of \
                     each is free this turn (VV 5.7)",
                    names.join(", ")
                ),
            );
        }
    };
    match setup.elements[e].role {
        Role::CommanderInChief => {
            if s.elements[e].moved_free {
                return Err(RuleError::rule(
                    "VV 5.7",
                    "the Commander-in-Chief has made his move this phase (the text gives him no \
                     AP of his own: one free move a phase)",
                ));
            }
            s.elements[e].moved_free = true;
            carry(s, ev);
            Ok(())
        }
        Role::General => {
            if !s.elements[e].moved_free {
                s.elements[e].moved_free = true;
                carry(s, ev);
                return Ok(());
            }
            generals::spend(s, e, 1)
        }
        Role::Troop => {
            let c = generals::move_cost_now(s, e)?;
            if s.elements[e].carried {
                s.elements[e].carried = false;
                note(
                    ev,
                    format!("{id} goes free: carried by its general's free move (VV 5.7)"),
                );
            }
            generals::spend(s, e, c)
        }
    }
}

/// VV 5.4 a move of `e` to `to`, facing `facing` there.
pub fn move_to(
    s: &mut State,
    e: usize,
    to: HexCoord,
    facing: Facing,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let id = setup.elements[e].id.clone();
    may_act(s, e)?;
    if !facing.is_hexside(&setup.grid) {
        return Err(RuleError::rule(
            "VV 1",
            format!("an element faces a hexside, not {facing}"),
        ));
    }
    let from = s.elements[e].hex.expect("standing");
    let strat = strategic(s, e, from, to);
    let before = may_move_now(s, e, strat)?;
    let Some(path) = reach_of(&Board::new(s, side(s, e)), s, e, Some(facing)).path(to) else {
        return Err(RuleError::rule(
            "VV 5.4",
            format!(
                "{id} cannot reach {} this move (its paces by the ground, VV 5.3 \
                 interpenetration and VV 6 zones of control; `kepi reach` shows where it can)",
                setup.name(to)
            ),
        ));
    };
    let is_contact = contact_hex(s, e, to);
    if is_contact {
        contact_checks(s, e, to, facing)?;
    } else {
        zone_alignment(s, e, &geometry::zone_owners(s, side(s, e), to), to, facing)?;
    }
    pay_move(s, e, ev)?;
    settle(s, e, to, facing, &path, strat, before, ev);
    Ok(())
}

/// VV 5.5: whether `e` may move now (a strategic move, `strat`, may follow a strategic move);
/// what it had done before this move.
pub fn may_move_now(s: &State, e: usize, strat: bool) -> Result<Acted, RuleError> {
    let id = &s.setup().elements[e].id;
    let before = s.elements[e].acted;
    match before {
        Acted::Nothing | Acted::Formed => {}
        Acted::Strategic if strat => {}
        Acted::Strategic => {
            return Err(RuleError::rule(
                "VV 5.5",
                format!(
                    "{id} has moved this phase; it moves again only by a strategic move, \
                     starting and finishing beyond 1200 paces of the enemy"
                ),
            ));
        }
        Acted::Done | Acted::Moved => {
            return Err(RuleError::not_now(format!("{id} has acted this phase")));
        }
    }
    Ok(before)
}

/// The move of `e` by `path` to `to` facing `facing`, its checks passed and paid: the element
/// placed, what it has done recorded, the move noted, and the enemies it contacts in flank or
/// rear pivoting to face it (VV 8).
#[allow(clippy::too_many_arguments)]
pub fn settle(
    s: &mut State,
    e: usize,
    to: HexCoord,
    facing: Facing,
    path: &Path,
    strat: bool,
    before: Acted,
    ev: &mut Vec<Event>,
) {
    let setup = s.setup_arc();
    let id = setup.elements[e].id.clone();
    let is_contact = contact_hex(s, e, to);
    s.elements[e].hex = Some(to);
    s.elements[e].facing = facing;
    s.elements[e].acted = if is_general(s, e) {
        Acted::Nothing
    } else if before == Acted::Formed {
        Acted::Done
    } else if strat {
        Acted::Strategic
    } else if super::lg::plays(s) {
        // VV LG: a move is remembered, so that only a US Regular may still form square.
        Acted::Moved
    } else {
        Acted::Done
    };
    note(
        ev,
        format!(
            "{id} moves {} to {}, facing {facing}{}",
            path.hexes
                .iter()
                .map(|h| setup.name(*h))
                .collect::<Vec<_>>()
                .join("-"),
            setup.name(to),
            if strat {
                " (a strategic move, VV 5.5)"
            } else {
                ""
            }
        ),
    );
    if is_contact {
        s.elements[e].charged = true;
        for o in contacts(s, e) {
            if geometry::front_enemy(s, o).is_none() && !s.elements[o].square {
                let oh = s.elements[o].hex.expect("standing");
                let f = geometry::hexside_toward(s, oh, to);
                if f != s.elements[o].facing {
                    s.elements[o].facing = f;
                    note(
                        ev,
                        format!(
                            "{} pivots to face {id} (VV 8: \"An element contacted in flank or \
                             rear, immediately pivots to face its attacker\")",
                            setup.elements[o].id
                        ),
                    );
                }
            }
        }
    }
}

/// VV 8, 8.1, 8.4: a move into contact faces an enemy; not by artillery, not by a general,
/// not by infantry against cavalry in clear terrain.
pub fn contact_checks(s: &State, e: usize, to: HexCoord, facing: Facing) -> Result<(), RuleError> {
    let setup = s.setup();
    let id = &setup.elements[e].id;
    if is_general(s, e) {
        return Err(RuleError::rule(
            "VV 5.7",
            format!("{id}, a general, may not move into contact"),
        ));
    }
    if s.class(e) == TroopClass::Artillery {
        return Err(RuleError::rule(
            "VV 8.4",
            "an artillery element may not voluntarily engage in melee with an enemy element",
        ));
    }
    let front = geometry::toward(s, to, facing).and_then(|h| at(s, h));
    let Some(o) = front.filter(|&o| troop(s, o) && side(s, o) != side(s, e)) else {
        return Err(RuleError::rule(
            "VV 8",
            format!(
                "{id} moves into contact at {}: it must face the enemy it contacts (\"A melee \
                 takes place when two elements are in frontal combat\")",
                setup.name(to)
            ),
        ));
    };
    let infantry = matches!(s.class(e), TroopClass::Infantry | TroopClass::Skirmishers);
    let oh = s.elements[o].hex.expect("standing");
    if infantry && s.class(o) == TroopClass::Cavalry && terrain(s, oh).class == Class::Clear {
        return Err(RuleError::rule(
            "VV 8.1",
            format!(
                "{id} is infantry: \"Infantry cannot voluntarily melee attack cavalry in easy \
                 or clear terrain\" ({} at {})",
                setup.elements[o].id,
                setup.name(oh)
            ),
        ));
    }
    Ok(())
}

/// VV 5.4: "It costs 1AP for a unit to perform an about-turn and remaining in position"
/// (any new facing; 2 AP out of command range).
pub fn pivot(
    s: &mut State,
    e: usize,
    facing: Facing,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let setup = s.setup_arc();
    let id = setup.elements[e].id.clone();
    may_act(s, e)?;
    if !troop(s, e) {
        return Err(RuleError::not_now(
            "a general's facing does not matter: move him instead",
        ));
    }
    if s.elements[e].acted != Acted::Nothing {
        return Err(RuleError::not_now(format!("{id} has acted this phase")));
    }
    if !facing.is_hexside(&setup.grid) || facing == s.elements[e].facing {
        return Err(RuleError::rule(
            "VV 5.4",
            format!(
                "{id} faces {}; a pivot turns it to another hexside",
                s.elements[e].facing
            ),
        ));
    }
    if s.elements[e].square {
        return Err(RuleError::rule("VV 5.6", "a square faces all round"));
    }
    let here = s.elements[e].hex.expect("standing");
    zone_alignment(
        s,
        e,
        &geometry::zone_owners(s, side(s, e), here),
        here,
        facing,
    )?;
    pay_move(s, e, ev)?;
    s.elements[e].facing = facing;
    s.elements[e].acted = Acted::Done;
    note(ev, format!("{id} turns in place to face {facing} (VV 5.4)"));
    Ok(())
}

/// VV 5.6: a formation change, 1 AP (VV LG: 2 for Militia, "It costs 2AP for Militia to
/// form square from line (and vice versa)"); VV LG: "Only Regular American Infantry may form
/// square and move in the same turn". Returns the AP paid.
pub fn formation_cost(s: &mut State, e: usize) -> Result<u32, RuleError> {
    may_act(s, e)?;
    if !troop(s, e) {
        return Err(RuleError::not_now("generals have no formation"));
    }
    let (ap, both) = s
        .etype(e)
        .map_or((1, false), |t| (t.formation_ap, t.square_and_move));
    let before = s.elements[e].acted;
    match before {
        Acted::Nothing => {}
        Acted::Moved if both => {}
        Acted::Moved => {
            return Err(RuleError::rule(
                "VV LG Special Rules",
                format!(
                    "{} has moved this turn: \"Only Regular American Infantry may form square \
                     and move in the same turn\"",
                    s.setup().elements[e].id
                ),
            ));
        }
        _ => {
            return Err(RuleError::not_now(format!(
                "{} has acted this phase",
                s.setup().elements[e].id
            )));
        }
    }
    if let Some(c) = s.setup().elements[e].corps
        && s.corps[c].ap < ap
    {
        return Err(RuleError::rule(
            "VV 5.6",
            format!(
                "corps {} has {} AP left; {} needs {ap} to change formation",
                s.setup().corps[c].id,
                s.corps[c].ap,
                s.setup().elements[e].id
            ),
        ));
    }
    generals::spend(s, e, ap)?;
    s.elements[e].acted = if both && before == Acted::Nothing {
        Acted::Formed
    } else {
        Acted::Done
    };
    Ok(ap)
}
