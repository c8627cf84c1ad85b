//! The breakdown groups of a key as small integers. While a key is read
//! ([`GroupsBuilder`]), every specialty and sub-specialty name is interned
//! once ([`Names`]), and each scoreable item records its cell (specialty ×
//! level), sub-specialty and option count as numbers ([`Groups`]). Counting a key's rows for the
//! report and tallying a submission for its score card are then array
//! increments ([`Tallies`]); names become strings only when the published
//! maps are built, once per group, and those maps order them as strings.

use std::collections::BTreeMap;

use super::csv_records::trim;
use super::types::{Level, Specialty};
use rustc_hash::FxHashMap as FastMap;

/// A specialty or sub-specialty name with its number in the key.
#[derive(Debug, Clone)]
pub(crate) struct Name {
    pub(crate) value: Specialty,
    pub(crate) id: u32,
}

/// The names met while reading a key, numbered in first-seen order.
#[derive(Debug, Default)]
pub(crate) struct Names {
    ids: FastMap<Specialty, u32>,
    list: Vec<Specialty>,
}

impl Names {
    /// The trimmed name in `raw` and its number; `None` when blank. The
    /// rule is [`Specialty`]'s parser, run once per distinct name.
    pub(crate) fn get(&mut self, raw: &str) -> Option<Name> {
        let t = trim(raw);
        if let Some(&id) = self.ids.get(t) {
            return Some(Name { value: self.list[id as usize].clone(), id });
        }
        let value: Specialty = t.parse().ok()?;
        let id = u32::try_from(self.list.len()).expect("fewer than 2^32 names");
        self.ids.insert(value.clone(), id);
        self.list.push(value.clone());
        Some(Name { value, id })
    }
}

/// Where one scoreable item is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ItemGroups {
    cell: u32,
    sub: u32,
    options: u8,
}

/// The groups of a key's scoreable items, in item order.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Groups {
    names: Vec<Specialty>,
    /// Specialty (a number in `names`) and level of each cell.
    cells: Vec<(u32, Option<Level>)>,
    items: Vec<ItemGroups>,
}

/// Y1..Y5, then "n/a": the six possible levels as indexes.
const LEVELS: usize = Level::ALL.len() + 1;

fn level_slot(level: Option<Level>) -> usize {
    level.map_or(Level::ALL.len(), |l| l as usize)
}

fn slot_level(slot: usize) -> Option<Level> {
    Level::ALL.get(slot).copied()
}

/// Builds [`Groups`] while a key is read: interns names, numbers cells in
/// first-seen order and records each scoreable item's groups.
#[derive(Debug, Default)]
pub(crate) struct GroupsBuilder {
    names: Names,
    /// Cell of each specialty name × level slot (`u32::MAX`: none yet).
    cell_of: Vec<[u32; LEVELS]>,
    groups: Groups,
}

impl GroupsBuilder {
    /// Room for `items` items.
    pub(crate) fn with_capacity(items: usize) -> Self {
        let groups = Groups { items: Vec::with_capacity(items), ..Groups::default() };
        Self { groups, ..Self::default() }
    }

    /// A name, interned (see [`Names::get`]).
    pub(crate) fn name(&mut self, raw: &str) -> Option<Name> {
        self.names.get(raw)
    }

    /// Records the next scoreable item's groups.
    pub(crate) fn push(&mut self, specialty: &Name, level: Option<Level>, sub_specialty: &Name, options: u8) {
        let row = specialty.id as usize;
        if self.cell_of.len() <= row {
            self.cell_of.resize(row + 1, [u32::MAX; LEVELS]);
        }
        let cells = &mut self.groups.cells;
        let cell = &mut self.cell_of[row][level_slot(level)];
        if *cell == u32::MAX {
            *cell = u32::try_from(cells.len()).expect("fewer than 2^32 cells");
            cells.push((specialty.id, level));
        }
        self.groups.items.push(ItemGroups { cell: *cell, sub: sub_specialty.id, options });
    }

    /// Drops the items whose `keep` is false (a cell left empty is never
    /// published: tallies skip empty groups).
    pub(crate) fn retain(&mut self, keep: &[bool]) {
        let mut keep = keep.iter();
        self.groups.items.retain(|_| keep.next().copied().unwrap_or(true));
    }

    pub(crate) fn finish(self) -> Groups {
        Groups { names: self.names.list, ..self.groups }
    }
}

impl Groups {
    /// The same groups for the items whose `keep` is true (in order): the
    /// names and cells stay numbered as they were, and a cell with no item
    /// left is never published (tallies skip empty groups).
    pub(crate) fn part(&self, keep: &[bool]) -> Self {
        let items = self.items.iter().zip(keep).filter(|(_, k)| **k).map(|(it, _)| *it).collect();
        Self { names: self.names.clone(), cells: self.cells.clone(), items }
    }

    /// The cell (specialty × level) of each item, as a number, in item order.
    pub(crate) fn cells(&self) -> impl Iterator<Item = u32> + '_ {
        self.items.iter().map(|it| it.cell)
    }

    /// Option counts of the items, in item order.
    pub(crate) fn options(&self) -> impl Iterator<Item = u8> + '_ {
        self.items.iter().map(|it| it.options)
    }

    /// Counts the items, `correct` giving each one's correctness in item
    /// order (`repeat(false)` to count rows only).
    pub(crate) fn tally(&self, correct: impl IntoIterator<Item = bool>) -> Tallies<'_> {
        let mut t = Tallies {
            groups: self,
            cells: vec![Tally::default(); self.cells.len()],
            subs: vec![Tally::default(); self.names.len()],
            options: vec![Tally::default(); usize::from(u8::MAX) + 1],
        };
        for (it, ok) in self.items.iter().zip(correct) {
            t.cells[it.cell as usize].add(ok);
            t.subs[it.sub as usize].add(ok);
            t.options[usize::from(it.options)].add(ok);
        }
        t
    }
}

/// Correct out of total.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) correct: usize,
    pub(crate) total: usize,
}

impl Tally {
    fn add(&mut self, ok: bool) {
        self.correct += usize::from(ok);
        self.total += 1;
    }

    fn merge(&mut self, other: Tally) {
        self.correct += other.correct;
        self.total += other.total;
    }
}

/// A key's items counted by group; each `by_*` method builds one published
/// map, `f` turning a non-empty group's tally into its value.
pub(crate) struct Tallies<'g> {
    groups: &'g Groups,
    cells: Vec<Tally>,
    subs: Vec<Tally>,
    options: Vec<Tally>,
}

/// The non-empty entries of a table indexed by group number, by name.
fn named<V>(table: &[Tally], name: impl Fn(usize) -> String, f: impl Fn(Tally) -> V) -> BTreeMap<String, V> {
    table.iter().enumerate().filter(|(_, t)| t.total > 0).map(|(i, &t)| (name(i), f(t))).collect()
}

impl Tallies<'_> {
    fn name(&self, id: u32) -> String {
        self.groups.names[id as usize].to_string()
    }

    /// The non-empty cells (a cell can lose its items to duplicate ids).
    fn cells(&self) -> impl Iterator<Item = (u32, Option<Level>, Tally)> + '_ {
        self.groups.cells.iter().zip(&self.cells).map(|(&(s, l), &t)| (s, l, t)).filter(|c| c.2.total > 0)
    }

    /// Umbrella specialty → value (sums of its cells).
    pub(crate) fn by_specialty<V>(&self, f: impl Fn(Tally) -> V) -> BTreeMap<String, V> {
        let mut table = vec![Tally::default(); self.groups.names.len()];
        for (s, _, t) in self.cells() {
            table[s as usize].merge(t);
        }
        named(&table, |i| self.groups.names[i].to_string(), f)
    }

    /// Level label ("Y1".."Y5", "n/a") → value.
    pub(crate) fn by_level<V>(&self, f: impl Fn(Tally) -> V) -> BTreeMap<String, V> {
        let mut table = [Tally::default(); LEVELS];
        for (_, l, t) in self.cells() {
            table[level_slot(l)].merge(t);
        }
        named(&table, |i| Level::label(slot_level(i)).to_owned(), f)
    }

    /// Sub-specialty → value.
    pub(crate) fn by_subspecialty<V>(&self, f: impl Fn(Tally) -> V) -> BTreeMap<String, V> {
        named(&self.subs, |i| self.groups.names[i].to_string(), f)
    }

    /// Number of options ("4", "5", ...) → value.
    pub(crate) fn by_options<V>(&self, f: impl Fn(Tally) -> V) -> BTreeMap<String, V> {
        named(&self.options, |i| i.to_string(), f)
    }

    /// Specialty → level label → value.
    pub(crate) fn by_cell<V>(&self, f: impl Fn(Tally) -> V) -> BTreeMap<String, BTreeMap<String, V>> {
        let mut out: BTreeMap<String, BTreeMap<String, V>> = BTreeMap::new();
        for (s, l, t) in self.cells() {
            out.entry(self.name(s)).or_default().insert(Level::label(l).to_owned(), f(t));
        }
        out
    }
}
