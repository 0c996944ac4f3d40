//! Citadel's geometry of faces (the squares between four cells) and walls: which
//! cells and faces neighbour each other, what a wall covers, and the strengths of
//! walls and warriors.

use crate::board::CellId;

use super::{Citadel, FaceId, NONE};

impl Citadel {
    // --- geometry -------------------------------------------------------------

    /// (column, row from the bottom) of a cell.
    pub(super) fn xr(&self, c: CellId) -> (i32, i32) {
        let (x, y) = self.cfg.board.coords(c);
        (x as i32, self.cfg.n - 1 - y as i32)
    }

    fn cell_at(&self, x: i32, r: i32) -> Option<CellId> {
        let n = self.cfg.n;
        (x >= 0 && r >= 0 && x < n && r < n).then(|| ((n - 1 - r) * n + x) as CellId)
    }

    /// The face whose bottom-left corner is at (x, r).
    fn face_at(&self, x: i32, r: i32) -> Option<FaceId> {
        let m = self.cfg.n - 1;
        (x >= 0 && r >= 0 && x < m && r < m).then(|| (r * m + x) as FaceId)
    }

    /// The four corner cells of a face.
    pub fn face_cells(&self, f: FaceId) -> [CellId; 4] {
        let m = self.cfg.n - 1;
        let (x, r) = (f as i32 % m, f as i32 / m);
        let c = |dx, dr| self.cell_at(x + dx, r + dr).unwrap_or(0);
        [c(0, 0), c(1, 0), c(0, 1), c(1, 1)]
    }

    /// The faces that have `c` as one of their four corners (up to four).
    pub(super) fn faces_around(&self, c: CellId) -> impl Iterator<Item = FaceId> + '_ {
        let (x, r) = self.xr(c);
        [(0, 0), (-1, 0), (0, -1), (-1, -1)]
            .into_iter()
            .filter_map(move |(dx, dr)| self.face_at(x + dx, r + dr))
    }

    /// The face named by its bottom-left corner cell.
    pub fn face_of(&self, corner: CellId) -> Option<FaceId> {
        let (x, r) = self.xr(corner);
        self.face_at(x, r)
    }

    /// The notation name of a face (its bottom-left corner cell).
    pub fn face_name(&self, f: FaceId) -> String {
        self.cfg.board.name(self.face_cells(f)[0]).to_string()
    }

    /// Faces sharing an edge with a face.
    fn face_neighbours(&self, f: FaceId) -> impl Iterator<Item = FaceId> + '_ {
        let m = self.cfg.n - 1;
        let (x, r) = (f as i32 % m, f as i32 / m);
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .filter_map(move |(dx, dr)| self.face_at(x + dx, r + dr))
    }

    /// Whether a wall covers a cell.
    pub fn covered(&self, c: CellId) -> bool {
        let (x, r) = self.xr(c);
        [(0, 0), (-1, 0), (0, -1), (-1, -1)]
            .into_iter()
            .filter_map(|(dx, dr)| self.face_at(x + dx, r + dr))
            .any(|f| self.wall[f as usize])
    }

    /// Empty: no warrior, no wall over it (an empty citadel cell is empty).
    pub fn is_empty(&self, c: CellId) -> bool {
        self.warrior[c as usize] == NONE && !self.covered(c)
    }

    // --- strengths --------------------------------------------------------------

    /// A wall's strength: 1 + walls on the faces sharing an edge with it.
    pub fn wall_strength(&self, f: FaceId) -> u32 {
        1 + self
            .face_neighbours(f)
            .filter(|&g| self.wall[g as usize])
            .count() as u32
    }

    /// A warrior's strength: 1 + adjacent friendly warriors + 1 on a citadel.
    pub fn strength(&self, c: CellId) -> u32 {
        let Some(s) = self.warrior(c) else { return 0 };
        let friends = self
            .cfg
            .board
            .neighbours(c)
            .iter()
            .filter(|&&m| self.warrior[m as usize] == s)
            .count() as u32;
        1 + friends + u32::from(self.citadel[c as usize].is_some())
    }
}
