//! Where Fortress's moves may go, and why not.

use super::*;

impl Fortress {
    pub(super) fn check_place(&self, c: CellId) -> Result<(), MoveError> {
        let a = *self
            .areas
            .get(c as usize)
            .ok_or_else(|| MoveError::UnknownCell(c.to_string()))?;
        if a.holder != NONE && a.holder != self.to_move {
            return Err(MoveError::HeldBy {
                cell: self.cell_name(c),
                seat: a.holder,
            });
        }
        let cap = a.cap;
        if a.count >= cap {
            return Err(MoveError::Full {
                cell: self.cell_name(c),
                capacity: cap,
            });
        }
        Ok(())
    }

    pub(super) fn check_attack(&self, c: CellId) -> Result<(), MoveError> {
        if !self.cfg.setup.dice {
            return Err(MoveError::NotNow(Why::AttacksDiceOnly.into()));
        }
        let a = *self
            .areas
            .get(c as usize)
            .ok_or_else(|| MoveError::UnknownCell(c.to_string()))?;
        if a.holder == NONE || a.holder == self.to_move {
            return Err(MoveError::Cell {
                cell: self.cell_name(c),
                why: Why::EnemyOnly.into(),
            });
        }
        if self.adjacent_pieces(c, self.to_move) == 0 {
            return Err(MoveError::Cell {
                cell: self.cell_name(c),
                why: Why::NoPieceNext.into(),
            });
        }
        Ok(())
    }
}
