//! What a Citadel position shows: the Go board's points and squares, with the
//! selection, its moves and attacks, and the setup's guides.

use super::*;

pub(super) fn circle(cx: f32, cy: f32, r: f32) -> String {
    format!(
        "M{} {}a{r_f} {r_f} 0 1 0 {} 0a{r_f} {r_f} 0 1 0 {} 0Z",
        Fixed::new(cx - r, 2),
        Fixed::new(cy, 2),
        Fixed::new(2.0 * r, 2),
        Fixed::new(-2.0 * r, 2),
        r_f = Fixed::new(r, 2)
    )
}

/// The legal actions of a position, listed once for a drawing of it and sorted: a
/// 19x19 board asks about every cell and face (a plain list's search would be
/// some 10^6 comparisons a drawing; a binary search is as quick as a hash set,
/// with less code in the wasm).
pub(super) struct LegalSet(Vec<CitadelMove>);

impl LegalSet {
    pub(super) fn of(g: &Citadel) -> LegalSet {
        let mut v = Vec::new();
        g.legal_moves(&mut v);
        v.sort_unstable();
        LegalSet(v)
    }
    pub(super) fn contains(&self, m: &CitadelMove) -> bool {
        self.0.binary_search(m).is_ok()
    }
    pub(super) fn iter(&self) -> std::slice::Iter<'_, CitadelMove> {
        self.0.iter()
    }
}

/// The board's props for a position: pure, from the rules' state and the selection.
pub fn board_view(
    g: &Citadel,
    geo: &Geometry,
    before: Option<&Citadel>,
    ui: Option<&Ui>,
    names: &dyn Fn(Seat) -> String,
    interactive: bool,
    all_strengths: bool,
) -> BoardView {
    let board = g.board();
    let n = g.size() as usize;
    let (selected, ghost) = (ui.and_then(|u| u.selected), ui.and_then(|u| u.ghost));
    // One listing of the legal actions serves every highlight.
    let legal = if interactive {
        LegalSet::of(g)
    } else {
        LegalSet(Vec::new())
    };
    let attacks: Vec<(CellId, CellId)> = legal
        .iter()
        .filter_map(|m| match *m {
            CitadelMove::Attack(a, b) => Some((a, b)),
            _ => None,
        })
        .collect();
    let mv = |m: CitadelMove| legal.contains(&m);
    let cells: Vec<CellView> = board
        .cells()
        .map(|c| {
            let cg = &geo.cells[c as usize];
            let (cx, cy) = cg.centre;
            let warrior = g.warrior(c);
            let citadel = g.citadel(c);
            let marker = match g.phase() {
                Phase::Placing if mv(CitadelMove::Place(c)) => Some(Marker::Plus),
                Phase::Drafting if mv(CitadelMove::Take(c)) => Some(Marker::Plus),
                Phase::Playing => match selected {
                    Some(s) if mv(CitadelMove::Step(s, c)) => Some(Marker::Dot),
                    Some(s) if mv(CitadelMove::Attack(s, c)) => Some(Marker::Cross),
                    _ if mv(CitadelMove::Siege(c)) => Some(Marker::Cross),
                    _ => None,
                },
                _ => None,
            };
            let recruit =
                g.phase() == Phase::Playing && selected.is_none() && mv(CitadelMove::Recruit(c));
            let involved = attacks.iter().any(|&(a, b)| a == c || b == c);
            let show_strength =
                warrior.is_some() && (all_strengths || involved || selected == Some(c));
            let mut label = board.name(c).to_string();
            label.push_str(": ");
            let mut parts = Vec::new();
            // The parts are joined by ", ": a warrior's state follows it.
            if let Some(s) = warrior {
                parts.push(tf(
                    "{}'s warrior, strength {}",
                    &[&names(s), &g.strength(c)],
                ));
                if g.is_used(c) {
                    parts.push(t("used in an attack").to_string());
                }
                if g.besieged(c) {
                    parts.push(t("besieged").to_string());
                }
            }
            match citadel {
                Some(Some(s)) => {
                    parts.push(tf("{}'s citadel", &[&names(s)]));
                    if g.citadel_surrounded(c) {
                        parts.push(t("surrounded").to_string());
                    }
                }
                Some(None) => parts.push(t("neutral citadel").to_string()),
                None => {}
            }
            if g.covered(c) {
                parts.push(t("under a wall").to_string());
            }
            if parts.is_empty() {
                parts.push(t("empty").to_string());
            }
            label.push_str(&parts.join(", "));
            let can = match marker {
                Some(Marker::Dot) => Some(t("the selected warrior can move here (1 credit)")),
                Some(Marker::Cross)
                    if g.warrior(c).is_some() && g.besieged(c) && selected.is_none() =>
                {
                    Some(t("can be taken by siege"))
                }
                Some(Marker::Cross) => Some(t("the selected warrior can attack it")),
                Some(Marker::Plus) if g.phase() == Phase::Placing => {
                    Some(t("a citadel can go here"))
                }
                Some(Marker::Plus) => Some(t("you can take this citadel")),
                _ => None,
            };
            if let Some(can) = can {
                label.push_str("; ");
                label.push_str(can);
            }
            if recruit {
                label.push_str("; ");
                label.push_str(t("you can recruit here (2 credits)"));
            }
            if selected == Some(c) {
                label.push_str(" (");
                label.push_str(t("selected"));
                label.push(')');
            }
            // The last turn's work: a warrior arrived or recruited, a citadel
            // placed or taken, a wall raised (ringed); a warrior gone (fading).
            let changed = before.is_some_and(|b| {
                (warrior.is_some() && b.warrior(c) != warrior)
                    || b.citadel(c) != citadel
                    || b.covered(c) != g.covered(c)
            });
            let removed = before
                .and_then(|b| b.warrior(c))
                .filter(|_| warrior.is_none())
                .map(|s| (s, 1));
            CellView {
                fill: circle(cx, cy, cg.radius * 0.86).into(),
                outline: circle(cx, cy, cg.radius * 0.86).into(),
                radius: cg.radius * 0.95,
                pieces: warrior.map(|s| (s, 1)),
                legal: recruit,
                marker,
                selected: selected == Some(c),
                keep: citadel,
                dim: g.is_used(c),
                ghost: (ghost == Some(c) && warrior.is_none())
                    .then(|| g.to_move())
                    .flatten(),
                contested: g.besieged(c) || g.citadel_surrounded(c),
                note: show_strength.then(|| g.strength(c).to_string()),
                last: changed,
                removed,
                label,
                ..CellView::blank(c, board.name(c), cg)
            }
        })
        .collect();
    // Grid lines through the intersections, and the faces between them.
    let centre = |c: CellId| geo.cells[c as usize].centre;
    let mut grid = String::new();
    for i in 0..n {
        let a = centre((i * n) as CellId);
        let b = centre((i * n + n - 1) as CellId);
        grid.push_str(&format!(
            "M{} {}H{}",
            Fixed::new(a.0, 2),
            Fixed::new(a.1, 2),
            Fixed::new(b.0, 2)
        ));
        let a = centre(i as CellId);
        let b = centre(((n - 1) * n + i) as CellId);
        grid.push_str(&format!(
            "M{} {}V{}",
            Fixed::new(a.0, 2),
            Fixed::new(a.1, 2),
            Fixed::new(b.1, 2)
        ));
    }
    let faces = (0..g.faces() as FaceId)
        .map(|f| {
            let k = g.face_cells(f);
            let (x0, y1) = centre(k[0]);
            let (x1, y0) = centre(k[3]);
            let wall = g.wall(f);
            let name = g.face_name(f);
            let buildable = selected.is_some_and(|s| {
                legal.contains(&CitadelMove::Wall(f)) && k.iter().any(|&q| board.adjacent(q, s))
            });
            let destroyable = selected.is_some_and(|s| legal.contains(&CitadelMove::Destroy(f, s)));
            let near_selected = selected.is_some_and(|s| k.iter().any(|&q| board.adjacent(q, s)));
            let mut label = if wall {
                tf(
                    "square {}: wall, strength {}",
                    &[&name, &g.wall_strength(f)],
                )
            } else {
                tf("square {}: no wall", &[&name])
            };
            if wall && destroyable {
                label.push_str("; ");
                label.push_str(t("the selected warrior can destroy it (1 credit)"));
            } else if !wall && buildable {
                label.push_str("; ");
                label.push_str(t("you can build a wall here (1 credit)"));
            }
            FaceView {
                id: f,
                name,
                d: format!(
                    "M{x0_f} {y0_f}H{x1_f}V{y1_f}H{x0_f}Z",
                    x0_f = Fixed::new(x0, 2),
                    y0_f = Fixed::new(y0, 2),
                    x1_f = Fixed::new(x1, 2),
                    y1_f = Fixed::new(y1, 2)
                ),
                centre: ((x0 + x1) / 2.0, (y0 + y1) / 2.0),
                wall,
                marker: (buildable || destroyable).then_some(Marker::Plus),
                note: (wall && (all_strengths || near_selected))
                    .then(|| g.wall_strength(f).to_string()),
                label,
            }
        })
        .collect();
    BoardView {
        view_box: geo.view_box,
        cells,
        edge: if interactive { g.to_move() } else { None },
        regions: false,
        go: Some(GoLayer { grid, faces }),
        palette: None,
    }
}
