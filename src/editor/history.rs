//! Undo and redo as a pure data structure: a stack of done steps, a stack of undone steps and a
//! mark for the step that was last saved.
//!
//! Invariants: every step has an id unique within the history; a new step clears the undone
//! stack; the document is unchanged since the last save exactly when the top done step is the
//! one that was saved (no step at all counts as id 0, the state the document was opened in).

/// A history of steps of type `S` (a step knows how to undo and redo itself elsewhere).
#[derive(Clone, Debug)]
pub struct History<S> {
    done: Vec<(u64, S)>,
    undone: Vec<(u64, S)>,
    next_id: u64,
    saved: u64,
}

impl<S> Default for History<S> {
    fn default() -> Self {
        History {
            done: Vec::new(),
            undone: Vec::new(),
            next_id: 1,
            saved: 0,
        }
    }
}

impl<S> History<S> {
    pub fn new() -> History<S> {
        History::default()
    }

    /// Record a step just done; the undone steps can no longer be redone.
    pub fn push(&mut self, step: S) {
        let id = self.next_id;
        self.next_id += 1;
        self.done.push((id, step));
        self.undone.clear();
    }

    /// The step to undo, moved to the undone stack; the caller reverts it.
    pub fn undo(&mut self) -> Option<&S> {
        let step = self.done.pop()?;
        self.undone.push(step);
        self.undone.last().map(|(_, s)| s)
    }

    /// The step to redo, moved back to the done stack; the caller applies it again.
    pub fn redo(&mut self) -> Option<&S> {
        let step = self.undone.pop()?;
        self.done.push(step);
        self.done.last().map(|(_, s)| s)
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    fn top(&self) -> u64 {
        self.done.last().map_or(0, |(id, _)| *id)
    }

    /// Mark the current state as saved.
    pub fn mark_saved(&mut self) {
        self.saved = self.top();
    }

    /// True when the state differs from the last saved (or opened) one.
    pub fn is_dirty(&self) -> bool {
        self.top() != self.saved
    }

    /// Number of steps that can be undone.
    pub fn depth(&self) -> usize {
        self.done.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_redo_order_and_new_steps_clear_redo() {
        let mut h = History::new();
        assert!(!h.can_undo() && !h.can_redo() && !h.is_dirty());
        h.push("a");
        h.push("b");
        assert_eq!(h.undo(), Some(&"b"));
        assert_eq!(h.undo(), Some(&"a"));
        assert_eq!(h.undo(), None);
        assert_eq!(h.redo(), Some(&"a"));
        h.push("c");
        assert!(!h.can_redo(), "a new step drops the undone ones");
        assert_eq!(h.undo(), Some(&"c"));
        assert_eq!(h.undo(), Some(&"a"));
    }

    #[test]
    fn dirty_follows_the_saved_step() {
        let mut h = History::new();
        h.push(1);
        assert!(h.is_dirty());
        h.mark_saved();
        assert!(!h.is_dirty());
        h.undo();
        assert!(h.is_dirty(), "undoing past the save changes the file");
        h.redo();
        assert!(!h.is_dirty(), "redoing back to it does not");
        h.undo();
        h.push(2);
        assert!(h.is_dirty());
        h.undo();
        assert!(
            h.is_dirty(),
            "the saved step was dropped: never clean again until saved"
        );
        assert_eq!(h.depth(), 0);
    }
}
