//! Drawing data for boards, apart from adjacency: every cell becomes an SVG path
//! (a square, a hexagon's six corners, or a region's tiles) with a centre point.

use std::rc::Rc;

use crate::board::{Board, CellId, Shape};

/// Units per square cell (or per region tile); hexes have this as their inner diameter.
pub const UNIT: f32 = 10.0;

/// One cell, ready for SVG.
#[derive(Clone, Debug, PartialEq)]
pub struct CellGeometry {
    /// The filled outline (`d` of an SVG path).
    pub fill: Rc<str>,
    /// The outline to stroke: same as `fill` for grid cells; only the edges against
    /// other areas for region maps.
    pub outline: Rc<str>,
    /// Where pieces and labels go.
    pub centre: (f32, f32),
    /// Radius of the largest circle that fits comfortably around `centre`.
    pub radius: f32,
}

/// Every cell's geometry and the board's view box.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    pub cells: Vec<CellGeometry>,
    /// `min_x min_y width height`.
    pub view_box: (f32, f32, f32, f32),
}

fn fmt(v: f32) -> String {
    Fixed::trimmed(v, 2).to_string()
}

/// A number written with a fixed count of decimals (`{:.2}`), or with its trailing
/// zeros dropped: by integer arithmetic, so that an app drawing boards in SVG needs
/// none of the standard library's float formatting (large, in a wasm).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixed {
    /// The value in units of the last decimal, rounded.
    scaled: i64,
    places: u8,
    trim: bool,
}

impl Fixed {
    /// `v` with `places` decimals (at most 6), as `{:.places$}` writes it.
    pub fn new(v: impl Into<f64>, places: u8) -> Fixed {
        let places = places.min(6);
        let scaled = (v.into() * 10f64.powi(places as i32)).round();
        Fixed {
            scaled: if scaled.is_finite() { scaled as i64 } else { 0 },
            places,
            trim: false,
        }
    }

    /// `v` rounded to `places` decimals, without trailing zeros (`1.5`, `2`).
    pub fn trimmed(v: impl Into<f64>, places: u8) -> Fixed {
        Fixed {
            trim: true,
            ..Fixed::new(v, places)
        }
    }
}

impl std::fmt::Display for Fixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let unit = 10i64.pow(self.places as u32);
        let (whole, mut frac) = (self.scaled.abs() / unit, self.scaled.abs() % unit);
        if self.scaled < 0 && (whole > 0 || frac > 0) {
            f.write_str("-")?;
        }
        write!(f, "{whole}")?;
        let mut places = self.places as usize;
        if self.trim {
            if frac == 0 {
                return Ok(());
            }
            while frac % 10 == 0 {
                frac /= 10;
                places -= 1;
            }
        }
        if places > 0 {
            write!(f, ".{frac:0places$}")?;
        }
        Ok(())
    }
}

/// `v` held between `lo` and `hi`, as `f32::clamp`/`f64::clamp` do (a NaN stays NaN),
/// but without their check that `lo <= hi`, whose panic message formats floats: that
/// alone brings the standard library's float formatting (some 16 KB) into the app.
pub fn clamp<T: PartialOrd>(v: T, lo: T, hi: T) -> T {
    if v < lo {
        lo
    } else if v > hi {
        hi
    } else {
        v
    }
}

#[cfg(test)]
mod fixed_tests {
    use super::{clamp, Fixed};

    #[test]
    fn clamp_holds_as_the_standard_one_does() {
        for v in [
            -2.5f32,
            -1.0,
            0.0,
            0.5,
            1.0,
            3.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
        ] {
            assert_eq!(clamp(v, -1.0, 1.0), v.clamp(-1.0, 1.0));
            assert_eq!(clamp(v as f64, 0.0, 0.0), (v as f64).clamp(0.0, 0.0));
        }
        assert!(clamp(f32::NAN, 0.0, 1.0).is_nan());
    }

    #[test]
    fn fixed_writes_as_the_standard_formatting_does() {
        for v in [
            0.0f32, 1.5, -1.5, 12.345, 0.07, -0.004, 100.0, 2.61803, 0.999, -7.26,
        ] {
            assert_eq!(
                Fixed::new(v, 2).to_string(),
                format!("{v:.2}").replace("-0.00", "0.00")
            );
            assert_eq!(
                Fixed::new(v, 1).to_string(),
                format!("{v:.1}").replace("-0.0", "0.0")
            );
            assert_eq!(
                Fixed::new(v, 0).to_string(),
                format!("{v:.0}").replace("-0", "0")
            );
            let r = (v * 100.0).round() / 100.0;
            let shortest = if r == r.trunc() {
                format!("{}", r as i64)
            } else {
                format!("{r}")
            };
            assert_eq!(
                Fixed::trimmed(v, 2).to_string(),
                shortest.replace("-0", "0"),
                "{v}"
            );
        }
    }
}

fn polygon(points: &[(f32, f32)]) -> String {
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        d.push_str(if i == 0 { "M" } else { "L" });
        d.push_str(&fmt(*x));
        d.push(' ');
        d.push_str(&fmt(*y));
    }
    d.push('Z');
    d
}

/// The six corners of a pointy-top hex with centre `(cx, cy)` and corner radius `size`.
pub fn hex_corners(cx: f32, cy: f32, size: f32) -> [(f32, f32); 6] {
    // cos and sin of -30°, 30°, 90°, … (no sin/cos: libm's stays out of the wasm).
    const H: f32 = 0.866_025_4;
    const CORNERS: [(f32, f32); 6] = [
        (H, -0.5),
        (H, 0.5),
        (0.0, 1.0),
        (-H, 0.5),
        (-H, -0.5),
        (0.0, -1.0),
    ];
    CORNERS.map(|(c, s)| (cx + size * c, cy + size * s))
}

/// Builds the drawing of a board.
pub fn geometry(board: &Board) -> Geometry {
    let sqrt3 = 3f32.sqrt();
    let hex_size = UNIT / sqrt3; // corner radius so that the inner diameter is UNIT
    match board.shape() {
        Shape::Square { width, height } => {
            let cells = board
                .cells()
                .map(|c| {
                    let (x, y) = board.coords(c);
                    let (x0, y0) = (x as f32 * UNIT, y as f32 * UNIT);
                    let d = polygon(&[
                        (x0, y0),
                        (x0 + UNIT, y0),
                        (x0 + UNIT, y0 + UNIT),
                        (x0, y0 + UNIT),
                    ]);
                    CellGeometry {
                        fill: d.as_str().into(),
                        outline: d.into(),
                        centre: (x0 + UNIT / 2.0, y0 + UNIT / 2.0),
                        radius: UNIT * 0.42,
                    }
                })
                .collect();
            Geometry {
                cells,
                view_box: (0.0, 0.0, *width as f32 * UNIT, *height as f32 * UNIT),
            }
        }
        Shape::Hexagon { .. } | Shape::HexRect { .. } => {
            let centres: Vec<(f32, f32)> = board
                .cells()
                .map(|c| {
                    let (a, b) = board.coords(c);
                    let (a, b) = (a as f32, b as f32);
                    match board.shape() {
                        Shape::Hexagon { .. } => (UNIT * (a + b / 2.0), hex_size * 1.5 * b),
                        _ => {
                            let shift = if (b as i32) % 2 == 1 { 0.5 } else { 0.0 };
                            (UNIT * (a + shift), hex_size * 1.5 * b)
                        }
                    }
                })
                .collect();
            let mut min = (f32::MAX, f32::MAX);
            let mut max = (f32::MIN, f32::MIN);
            for &(x, y) in &centres {
                min = (min.0.min(x - UNIT / 2.0), min.1.min(y - hex_size));
                max = (max.0.max(x + UNIT / 2.0), max.1.max(y + hex_size));
            }
            let cells = centres
                .iter()
                .map(|&(x, y)| {
                    let d = polygon(&hex_corners(x - min.0, y - min.1, hex_size));
                    CellGeometry {
                        fill: d.as_str().into(),
                        outline: d.into(),
                        centre: (x - min.0, y - min.1),
                        radius: UNIT * 0.4,
                    }
                })
                .collect();
            Geometry {
                cells,
                view_box: (0.0, 0.0, max.0 - min.0, max.1 - min.1),
            }
        }
        Shape::Regions {
            width,
            height,
            tiles,
            hex,
        } => regions(board, *width as usize, *height as usize, tiles, *hex),
    }
}

/// A region map: each area's tiles filled (squares, or hexes laid out as a hex
/// field's cells), and stroked only along the edges it shares with another area or
/// the field's border.
fn regions(board: &Board, w: usize, h: usize, tiles: &[Option<CellId>], hex: bool) -> Geometry {
    use crate::board::tile_neighbours;
    let size = UNIT / 3f32.sqrt();
    let centre = |t: usize| {
        let (x, y) = ((t % w) as f32, (t / w) as f32);
        match hex {
            true => {
                let shift = if (t / w) % 2 == 1 { UNIT } else { UNIT / 2.0 };
                (x * UNIT + shift, size + 1.5 * size * y)
            }
            false => ((x + 0.5) * UNIT, (y + 0.5) * UNIT),
        }
    };
    // A tile's corners, each edge from one to the next in the order of
    // `tile_steps`: from the right edge on, clockwise.
    let corners = |t: usize| -> Vec<(f32, f32)> {
        let (cx, cy) = centre(t);
        match hex {
            true => hex_corners(cx, cy, size).to_vec(),
            false => {
                let d = UNIT / 2.0;
                vec![
                    (cx + d, cy - d),
                    (cx + d, cy + d),
                    (cx - d, cy + d),
                    (cx - d, cy - d),
                ]
            }
        }
    };
    let n = board.len();
    let mut fill = vec![String::new(); n];
    let mut outline = vec![String::new(); n];
    for (t, a) in tiles.iter().enumerate() {
        let Some(a) = *a else { continue };
        let (Some(f), Some(o)) = (fill.get_mut(a as usize), outline.get_mut(a as usize)) else {
            continue;
        };
        let corners = corners(t);
        f.push_str(&polygon(&corners));
        for (edge, near) in tile_neighbours(hex, w, h, t).enumerate() {
            if near.and_then(|m| tiles[m]) != Some(a) {
                let (p, q) = (corners[edge], corners[(edge + 1) % corners.len()]);
                o.push_str(&format!(
                    "M{} {}L{} {}",
                    fmt(p.0),
                    fmt(p.1),
                    fmt(q.0),
                    fmt(q.1)
                ));
            }
        }
    }
    let cells = (0..n)
        .map(|a| {
            let (x, y) = board.coords(a as CellId);
            CellGeometry {
                fill: std::mem::take(&mut fill[a]).into(),
                outline: std::mem::take(&mut outline[a]).into(),
                centre: centre(y as usize * w + x as usize),
                radius: UNIT * if hex { 0.42 } else { 0.45 },
            }
        })
        .collect();
    let view_box = match hex {
        true => {
            let shifted = if h > 1 { UNIT / 2.0 } else { 0.0 };
            (
                w as f32 * UNIT + shifted,
                size * (2.0 + 1.5 * (h as f32 - 1.0)),
            )
        }
        false => (w as f32 * UNIT, h as f32 * UNIT),
    };
    Geometry {
        cells,
        view_box: (0.0, 0.0, view_box.0, view_box.1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_a_path_inside_the_view_box() {
        for board in [
            Board::square(6, 6).unwrap(),
            Board::hexagon(5).unwrap(),
            Board::hex_rect(7, 5).unwrap(),
        ] {
            let g = geometry(&board);
            assert_eq!(g.cells.len(), board.len());
            for c in &g.cells {
                assert!(c.fill.starts_with('M') && c.fill.ends_with('Z'));
                assert!(c.centre.0 > 0.0 && c.centre.0 < g.view_box.2);
                assert!(c.centre.1 > 0.0 && c.centre.1 < g.view_box.3);
            }
        }
    }

    #[test]
    fn hex_tiles_draw_each_area_whole_and_stroke_only_its_borders() {
        // Three areas on a 3x2 field of hex tiles: a on the top row's first two
        // tiles and the second row's first, b on the top row's last, c on the rest.
        let t = |v: &[u16]| v.iter().map(|&x| Some(x as CellId)).collect();
        let names = ["a", "b", "c"].map(String::from).to_vec();
        let board = Board::tiled(
            true,
            3,
            2,
            t(&[0, 0, 1, 0, 2, 2]),
            names,
            vec![crate::board::Terrain::Land; 3],
        )
        .unwrap();
        let g = geometry(&board);
        // Three tiles of a: three hexes filled; a's inner edges (a1-a2, a1-b1,
        // a2-b1 on the field) not stroked: 18 edges less 2 for each of its 3
        // inner edges.
        assert_eq!(g.cells[0].fill.matches('M').count(), 3);
        assert_eq!(g.cells[0].outline.matches('M').count(), 12);
        for c in &g.cells {
            assert!(c.centre.0 > 0.0 && c.centre.0 < g.view_box.2);
            assert!(c.centre.1 > 0.0 && c.centre.1 < g.view_box.3);
        }
        // The same tiles as squares: a's first tile does not touch row b's second,
        // so two inner edges: 12 less 2 each.
        let squares = Board::regions(
            3,
            2,
            t(&[0, 0, 1, 0, 2, 2]),
            ["a", "b", "c"].map(String::from).to_vec(),
            vec![crate::board::Terrain::Land; 3],
        )
        .unwrap();
        let g = geometry(&squares);
        assert_eq!(g.cells[0].outline.matches('M').count(), 8);
        assert_eq!(g.view_box, (0.0, 0.0, 30.0, 20.0));
        assert_eq!(g.cells[1].fill.as_ref(), "M30 0L30 10L20 10L20 0Z");
    }

    #[test]
    fn hex_has_six_corners() {
        let g = geometry(&Board::hexagon(3).unwrap());
        assert_eq!(g.cells[0].fill.matches('L').count(), 5);
    }
}
