//! Frontier's generals (mode 3): which orders a general may be given, applying
//! them, and their notation.

use crate::board::{CellId, Terrain};
use crate::game::{MoveError, Reason};

use super::{Frontier, Order, Why, NOBODY};

impl Frontier {
    /// Whether a general of the mover may enter `c` now (and why not).
    fn enter(&self, c: CellId) -> Result<(), Why> {
        self.enter_as(c, self.to_move)
    }

    /// Whether a general of `seat` may enter `c` now (and why not).
    pub(super) fn enter_as(&self, c: CellId, seat: crate::game::Seat) -> Result<(), Why> {
        let board = &self.cfg.board;
        if board.terrain(c) == Terrain::Mountain {
            return Err(Why::Mountains);
        }
        if self.city_of(c).is_some() {
            return Err(Why::IntoCity);
        }
        if self.general_at(c).is_some() {
            return Err(Why::GeneralStands);
        }
        let o = self.owner[c as usize];
        if o != NOBODY && o != seat {
            return Err(Why::Opponents);
        }
        Ok(())
    }

    /// Mode 3: why an order is not possible now.
    pub fn check_order(&self, order: Order) -> Result<(), MoveError> {
        let n = self.owner.len();
        let cells_ok = match order {
            Order::Step(a, b) | Order::StepBuild(a, b) => (a as usize) < n && (b as usize) < n,
            Order::Two(a, b, c) => (a as usize) < n && (b as usize) < n && (c as usize) < n,
            Order::Build(a) => (a as usize) < n,
        };
        if !cells_ok {
            // Cells off this board have no name: their numbers (not Order's Debug,
            // whose code would ride along into the app's wasm).
            let cells = match order {
                Order::Step(a, b) | Order::StepBuild(a, b) => format!("{a}, {b}"),
                Order::Two(a, b, c) => format!("{a}, {b}, {c}"),
                Order::Build(a) => a.to_string(),
            };
            return Err(MoveError::Unreadable(format!("an order for cells {cells}")));
        }
        self.order_why(order)
            .map_err(|(cell, why)| MoveError::Cell {
                cell: self.cell_name(cell),
                why,
            })
    }

    /// [`Frontier::check_order`]'s judgement on an order of cells of the field: the
    /// cell at fault and the reason, without allocating.
    pub(super) fn order_why(&self, order: Order) -> Result<(), (CellId, Reason)> {
        let board = &self.cfg.board;
        let at = match order {
            Order::Step(a, _) | Order::Two(a, _, _) | Order::Build(a) | Order::StepBuild(a, _) => a,
        };
        let fail = |cell: CellId, why: Why| (cell, Reason::from(why));
        let g = self
            .general_at(at)
            .filter(|g| g.seat == self.to_move)
            .ok_or_else(|| fail(at, Why::NoGeneral))?;
        if g.ordered {
            return Err(fail(at, Why::Ordered));
        }
        let on_water = board.terrain(at) == Terrain::Sea;
        let step = |from: CellId, to: CellId| -> Result<(), (CellId, Reason)> {
            if !board.adjacent(from, to) {
                return Err((to, Reason::NotNextTo(self.cell_name(from))));
            }
            self.enter(to).map_err(|why| fail(to, why))
        };
        match order {
            Order::Step(a, b) => {
                step(a, b)?;
                if on_water && !self.plain(b) {
                    return Err(fail(b, Why::FromWater));
                }
                Ok(())
            }
            Order::Two(a, b, c) => {
                if on_water {
                    return Err(fail(a, Why::FromWaterAdjacent));
                }
                step(a, b)?;
                if board.terrain(b) == Terrain::Sea {
                    return Err(fail(b, Why::StopsOnWater));
                }
                if c == a {
                    return Err(fail(c, Why::SomewhereNew));
                }
                step(b, c)
            }
            Order::Build(a) => {
                if on_water {
                    return Err(fail(a, Why::FromWater));
                }
                self.site_why(a).map_err(|why| fail(a, why))
            }
            Order::StepBuild(a, b) => {
                if on_water {
                    return Err(fail(a, Why::FromWater));
                }
                step(a, b)?;
                self.site_why(b).map_err(|why| fail(b, why))
            }
        }
    }

    /// Mode 3: every order the general on `at` can be given now.
    pub fn orders_for(&self, at: CellId) -> Vec<Order> {
        let board = &self.cfg.board;
        let mut out = Vec::new();
        let Some(g) = self.general_at(at) else {
            return out;
        };
        if g.seat != self.to_move || g.ordered {
            return out;
        }
        let mut push = |o: Order| {
            if self.order_why(o).is_ok() {
                out.push(o);
            }
        };
        push(Order::Build(at));
        for &b in board.neighbours(at) {
            push(Order::Step(at, b));
            push(Order::StepBuild(at, b));
            for &c in board.neighbours(b) {
                push(Order::Two(at, b, c));
            }
        }
        out
    }

    /// Mode 3: why the turn cannot end now.
    pub fn check_end(&self) -> Result<(), MoveError> {
        let city = self.cfg.cities[self.to_move as usize];
        if let Some(g) = self.general_at(city) {
            if g.seat == self.to_move && !self.orders_for(city).is_empty() {
                return Err(MoveError::NotNow(
                    Why::LeaveCity(self.cell_name(city)).into(),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn apply_order(&mut self, order: Order) {
        let me = self.to_move;
        let (from, to, build) = match order {
            Order::Step(a, b) => (a, b, false),
            Order::Two(a, _, c) => (a, c, false),
            Order::Build(a) => (a, a, true),
            Order::StepBuild(a, b) => (a, b, true),
        };
        let Some(i) = self.generals.iter().position(|g| g.cell == from) else {
            return;
        };
        if build {
            self.generals.remove(i);
            self.raise_fort(to, me);
        } else {
            self.generals[i].cell = to;
            self.generals[i].ordered = true;
        }
        self.orders += 1;
    }

    pub(super) fn parse_order(&self, text: &str) -> Result<Order, MoveError> {
        let board = &self.cfg.board;
        let (path, build) = match text.strip_suffix('+') {
            Some(p) => (p, true),
            None => (text, false),
        };
        let cells: Vec<CellId> = path
            .split('-')
            .map(|n| {
                board
                    .cell(n)
                    .ok_or_else(|| MoveError::UnknownCell(n.to_string()))
            })
            .collect::<Result<_, _>>()?;
        match (cells.as_slice(), build) {
            ([a], true) => Ok(Order::Build(*a)),
            ([a, b], false) => Ok(Order::Step(*a, *b)),
            ([a, b], true) => Ok(Order::StepBuild(*a, *b)),
            ([a, b, c], false) => Ok(Order::Two(*a, *b, *c)),
            _ => Err(MoveError::Unreadable(text.to_string())),
        }
    }

    pub(super) fn format_order(&self, o: Order) -> String {
        let n = |c: CellId| self.name(c);
        match o {
            Order::Step(a, b) => format!("{}-{}", n(a), n(b)),
            Order::Two(a, b, c) => format!("{}-{}-{}", n(a), n(b), n(c)),
            Order::Build(a) => format!("{}+", n(a)),
            Order::StepBuild(a, b) => format!("{}-{}+", n(a), n(b)),
        }
    }
}
