//! The priority queue of Age of Rifles' cheapest-path searches (movement, AoR 5; command
//! range, AoR 12.1; leaders, AoR 11): a bucket queue (Dial's algorithm) over whole half-MP
//! costs.
//!
//! Invariants: every step costs 1 to 255 half-MP (`setup::Step`, 0 meaning "no step"), so a
//! pushed cost is never below the cost last popped and never more than 255 above it; a ring
//! of 256 buckets therefore holds every pending cost apart. Entries come out by cost, then by
//! hex index, exactly the order a `BinaryHeap<Reverse<(cost, hex)>>` gives them: a bucket is
//! complete when it is reached (no step is free), and is sorted then. Paths found are the same
//! as with the heap, so a seed's game does not change.

const RING: usize = 256;

/// Entries are search states: a hex index, or (for a move through waypoints) a hex index
/// plus the map's size times the waypoints passed (`position`).
pub struct Dial {
    ring: Vec<Vec<u32>>,
    /// The cost of the bucket being emptied.
    cur: u32,
    len: usize,
    /// The current bucket is sorted (descending, popped from its end).
    sorted: bool,
}

impl Default for Dial {
    fn default() -> Self {
        Dial {
            ring: vec![Vec::new(); RING],
            cur: 0,
            len: 0,
            sorted: false,
        }
    }
}

impl Dial {
    /// Empty the queue for a new search (the buckets keep their memory).
    pub fn clear(&mut self) {
        if self.len > 0 {
            for b in &mut self.ring {
                b.clear();
            }
        }
        self.cur = 0;
        self.len = 0;
        self.sorted = false;
    }

    /// Queue state `h` at `cost`. Before the first pop any cost below 256 may be pushed; after it a
    /// cost from the one last popped to 255 above it.
    pub fn push(&mut self, cost: u32, h: u32) {
        debug_assert!(cost >= self.cur && cost < self.cur + RING as u32);
        debug_assert!(!(self.sorted && cost == self.cur), "a free step");
        self.ring[cost as usize % RING].push(h);
        self.len += 1;
    }

    /// The cheapest entry, the lowest state (hex index) first among equal costs.
    pub fn pop(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        loop {
            let b = &mut self.ring[self.cur as usize % RING];
            if !b.is_empty() {
                if !self.sorted {
                    b.sort_unstable_by(|x, y| y.cmp(x));
                    self.sorted = true;
                }
                self.len -= 1;
                return b.pop().map(|h| (self.cur, h));
            }
            self.cur += 1;
            self.sorted = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    #[test]
    fn pops_in_the_order_of_a_binary_heap_of_cost_then_hex() {
        // A deterministic pseudo-random search: pushes above the last pop, like Dijkstra's.
        let mut dial = Dial::default();
        let mut heap = BinaryHeap::new();
        let mut x: u32 = 12345;
        let mut next = || {
            x = x.wrapping_mul(1103515245).wrapping_add(12345);
            x >> 8
        };
        for h in [7u32, 3, 9] {
            let c = next() % 5;
            dial.push(c, h);
            heap.push(Reverse((c, h)));
        }
        let mut popped = 0;
        while let Some(Reverse(want)) = heap.pop() {
            let got = dial.pop().expect("as many entries");
            assert_eq!(got, want);
            popped += 1;
            if popped < 400 {
                for _ in 0..(1 + next() % 2) {
                    let c = want.0 + 1 + next() % 255;
                    let h = next() % 300;
                    dial.push(c, h);
                    heap.push(Reverse((c, h)));
                }
            }
        }
        assert_eq!(dial.pop(), None);
        assert!(popped > 400);
        dial.clear();
        dial.push(4, 1);
        assert_eq!(dial.pop(), Some((4, 1)));
    }
}
