//! What Citadel's searches read off a position: the hand-written estimate and
//! the fitted estimate's features.

use super::*;

impl Citadel {
    /// How near a seat's warriors stand to the citadels it does not hold: for
    /// each, 2 / (1 + the steps from its nearest warrior), orthogonal steps.
    fn closeness(&self, s: Seat) -> f32 {
        let mut near = 0.0;
        for &c in &self.citadel_cells {
            if self.citadel[c as usize] == Some(s) {
                continue;
            }
            let (cx, cr) = self.xr(c);
            let d = self.army[s as usize]
                .iter()
                .map(|&w| {
                    let (x, r) = self.xr(w);
                    (x - cx).abs() + (r - cr).abs()
                })
                .min();
            if let Some(d) = d {
                near += 2.0 / (1.0 + d as f32);
            }
        }
        near
    }

    /// Each seat's estimate ([`Game::estimate_into`]).
    pub(super) fn estimate_seats(&self, out: &mut Vec<f32>) {
        let citadels = self.controlled();
        out.clear();
        out.extend((0..2u8).map(|s| {
            citadels[s as usize] as f32 * 6.0
                + self.army[s as usize].len() as f32
                + self.closeness(s)
        }));
    }

    /// A seat's citadels (of nine), its warriors (over twenty) and how near its
    /// warriors stand to the citadels it does not hold ([`Citadel::closeness`], over
    /// nine). Not the credits left this turn: only the mover has any, so a search
    /// would value them above spending them.
    pub(super) fn feature_rows(&self, out: &mut Vec<f32>) {
        let citadels = self.controlled();
        out.clear();
        for s in 0..2u8 {
            out.extend([
                citadels[s as usize] as f32 / 9.0,
                self.army[s as usize].len() as f32 / 20.0,
                self.closeness(s) / 9.0,
            ]);
        }
    }
}
