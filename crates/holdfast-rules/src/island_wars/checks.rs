//! Where Island Wars' pieces may go, and why not: the reasons a placement or a
//! move is refused.

use super::*;

impl IslandWars {
    /// Whether a hex is guarded against barracks by a tower of its colour's owner.
    pub fn guarded(&self, c: CellId) -> bool {
        let Some(x) = self.colour(c) else {
            return false;
        };
        self.cfg
            .board
            .neighbours(c)
            .iter()
            .any(|&m| self.piece[m as usize] == Some((x, Kind::Tower)))
    }

    /// Whether the mover could put a piece of `kind` on `c`, with the port on
    /// `lifted` (being moved) off the board.
    pub(super) fn site(
        &self,
        kind: Kind,
        c: CellId,
        lifted: Option<CellId>,
    ) -> Result<(), MoveError> {
        if c as usize >= self.colour.len() {
            return Err(MoveError::UnknownCell(c.to_string()));
        }
        self.site_why(kind, c, lifted, &|m| self.secured_ignoring(m, lifted))
            .map_err(|why| MoveError::Cell {
                cell: self.cell_name(c),
                why: why.into(),
            })
    }

    /// [`IslandWars::site`]'s judgement on a cell of the board, with the reason alone
    /// (nothing to allocate), reading which seat secures each water hex from `secured`.
    pub(super) fn site_why(
        &self,
        kind: Kind,
        c: CellId,
        lifted: Option<CellId>,
        secured: &dyn Fn(CellId) -> Option<Seat>,
    ) -> Result<(), Why> {
        if self.water(c) {
            return Err(Why::OnWater);
        }
        if self.piece[c as usize].is_some() && Some(c) != lifted {
            return Err(Why::PieceStands);
        }
        let me = self.to_move;
        let board = &self.cfg.board;
        let mine = self.colour[c as usize] == me;
        let near_mine = match lifted {
            None => self.near[c as usize] >> me & 1 != 0,
            Some(_) => board.neighbours(c).iter().any(|&m| secured(m) == Some(me)),
        };
        if !mine && !near_mine {
            return Err(Why::NotYourColour);
        }
        if kind == Kind::Port {
            if !board.neighbours(c).iter().any(|&m| self.water(m)) {
                return Err(Why::PortOffWater);
            }
            let theirs = match lifted {
                None => self.near[c as usize] & !(1u8 << me) != 0,
                Some(_) => board
                    .neighbours(c)
                    .iter()
                    .any(|&m| matches!(secured(m), Some(s) if s != me)),
            };
            if theirs {
                return Err(Why::TheirWater);
            }
        }
        Ok(())
    }

    pub(super) fn check_move(&self, a: CellId, b: CellId) -> Result<(), MoveError> {
        let n = self.colour.len();
        if a as usize >= n || b as usize >= n {
            return Err(MoveError::Unreadable(format!("{a}>{b}")));
        }
        let kind = match self.piece[a as usize] {
            Some((s, k)) if s == self.to_move => k,
            _ => {
                return Err(MoveError::Cell {
                    cell: self.cell_name(a),
                    why: Why::NoPiece.into(),
                })
            }
        };
        if kind == Kind::Tower {
            return Err(MoveError::Cell {
                cell: self.cell_name(a),
                why: Why::TowersNeverMove.into(),
            });
        }
        if a == b {
            return Err(MoveError::Cell {
                cell: self.cell_name(b),
                why: Why::SameHex.into(),
            });
        }
        // The piece is lifted first: a moved port's own water no longer counts.
        self.site(kind, b, Some(a))
    }
}
