//! The search's value against a chance of winning. A search's value at the root
//! (the mean reward of its preferred action, [`crate::Seen::best_value`]) orders a
//! position's actions, but is not a probability: the estimate's squash and, in
//! Fortress, the margin term bend it. `holdfast calibrate GAME --fit` measures how
//! far, and fits two maps from the value to how often the mover went on to win: a
//! logistic curve ([`fit`], [`curve`]), and a monotone table ([`isotonic`],
//! [`Table`]). The games without a fitted estimate ([`crate::models`]) ship a table
//! ([`TABLES`]), which turns their value into the engine's chance
//! ([`crate::models::engine_chance`]); docs/strength.md, "Calibration", has the figures.

/// A monotone map from the search's value to a chance of winning: points (value,
/// chance), values rising, chances never falling; between two points the chance
/// is read on the straight line joining them, beyond the ends it is the end's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Table {
    /// The [`holdfast_rules::Game::model_key`] it serves.
    pub key: &'static str,
    pub points: &'static [(f32, f32)],
}

/// Every shipped table, each printed by the command above it from its seed. Both
/// are the fitted logistic curve read at 23 values (0.001, 0.01, 0.05, 0.1, ...,
/// 0.95, 0.99, 0.999): on the fifth of the games kept apart its largest gap in a
/// tenth was smaller than the monotone table's fitted beside it, and its Brier
/// score better in Fort and within 0.001 in Citadel (docs/strength.md, "The
/// calibration curves").
#[rustfmt::skip]
pub const TABLES: &[Table] = &[
    // The logistic curve (0.5086, -0.0321), as
    // holdfast calibrate fort --games 150 --iterations 4000 --seed 1 --fit
    // prints it ("as a table")
    Table { key: "fort", points: &[(0.001, 0.028), (0.01, 0.086), (0.05, 0.178), (0.10, 0.241), (0.15, 0.286), (0.20, 0.324), (0.25, 0.356), (0.30, 0.386), (0.35, 0.414), (0.40, 0.441), (0.45, 0.467), (0.50, 0.492), (0.55, 0.517), (0.60, 0.543), (0.65, 0.570), (0.70, 0.598), (0.75, 0.629), (0.80, 0.662), (0.85, 0.701), (0.90, 0.748), (0.95, 0.812), (0.99, 0.909), (0.999, 0.970)] },
    // The logistic curve (0.7524, -0.2473), as
    // holdfast calibrate citadel --variant 13x13,19x19 --games 150 --iterations 4000 --seed 1 --fit --max-actions 600
    // prints it
    Table { key: "citadel", points: &[(0.001, 0.004), (0.01, 0.024), (0.05, 0.079), (0.10, 0.130), (0.15, 0.175), (0.20, 0.216), (0.25, 0.255), (0.30, 0.292), (0.35, 0.329), (0.40, 0.365), (0.45, 0.402), (0.50, 0.438), (0.55, 0.476), (0.60, 0.514), (0.65, 0.554), (0.70, 0.596), (0.75, 0.641), (0.80, 0.689), (0.85, 0.742), (0.90, 0.803), (0.95, 0.877), (0.99, 0.961), (0.999, 0.993)] },
];

/// A monotone map from the fitted model's chance along the search's line
/// ([`crate::models::line_chance`]) to how often the seat to move went on to win,
/// for a game's model with so many seats: the logistic curve `holdfast calibrate
/// --fit` fits to the engine's chance, read at 23 points as [`Table`]s are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceTable {
    pub key: &'static str,
    pub players: usize,
    pub points: &'static [(f32, f32)],
}

/// Every shipped chance table, each printed by the command above it from its seed
/// by the build before it was shipped (four games in five; the README's "The
/// chance" and docs/analysis.md measure them on other games). To fit one again,
/// take the game's table out first: the command fits the curve to the engine's
/// chance, which goes through the table shipped.
#[rustfmt::skip]
pub const CHANCE_TABLES: &[ChanceTable] = &[
    // The curve (2.1240, -0.0333), as
    // holdfast calibrate fortress --variant classic --games 100 --iterations 20000 --seed 1 --fit
    // prints it ("The engine's chance through the curve fitted to it")
    ChanceTable { key: "fortress", players: 2, points: &[(0.001, 0.000), (0.01, 0.000), (0.05, 0.002), (0.10, 0.009), (0.15, 0.024), (0.20, 0.048), (0.25, 0.086), (0.30, 0.138), (0.35, 0.206), (0.40, 0.290), (0.45, 0.387), (0.50, 0.492), (0.55, 0.597), (0.60, 0.696), (0.65, 0.783), (0.70, 0.854), (0.75, 0.909), (0.80, 0.948), (0.85, 0.975), (0.90, 0.990), (0.95, 0.998), (0.99, 1.000), (0.999, 1.000)] },
    // The curve (1.6450, -0.0113), as
    // holdfast calibrate frontier --variant mode1 --games 60 --iterations 20000 --seed 1 --fit
    // prints it
    ChanceTable { key: "frontier-mode1", players: 2, points: &[(0.001, 0.000), (0.01, 0.001), (0.05, 0.008), (0.10, 0.026), (0.15, 0.054), (0.20, 0.092), (0.25, 0.140), (0.30, 0.197), (0.35, 0.263), (0.40, 0.337), (0.45, 0.415), (0.50, 0.497), (0.55, 0.579), (0.60, 0.658), (0.65, 0.732), (0.70, 0.799), (0.75, 0.858), (0.80, 0.906), (0.85, 0.945), (0.90, 0.973), (0.95, 0.992), (0.99, 0.999), (0.999, 1.000)] },
    // The curve (0.8622, -0.0577), as
    // holdfast calibrate island-wars --variant 2p --games 100 --iterations 20000 --seed 1 --fit
    // prints it
    ChanceTable { key: "island-wars", players: 2, points: &[(0.001, 0.002), (0.01, 0.018), (0.05, 0.069), (0.10, 0.124), (0.15, 0.175), (0.20, 0.222), (0.25, 0.268), (0.30, 0.313), (0.35, 0.356), (0.40, 0.400), (0.45, 0.443), (0.50, 0.486), (0.55, 0.529), (0.60, 0.572), (0.65, 0.617), (0.70, 0.662), (0.75, 0.709), (0.80, 0.757), (0.85, 0.808), (0.90, 0.863), (0.95, 0.923), (0.99, 0.980), (0.999, 0.997)] },
    // The curve (0.7728, -0.2424), as
    // holdfast calibrate island-wars --variant 4p --games 60 --iterations 20000 --seed 3 --fit
    // prints it (with the curves above shipped: that command now fits the curve
    // to chances already through them, where these were fitted without them)
    ChanceTable { key: "island-wars", players: 4, points: &[(0.001, 0.004), (0.01, 0.022), (0.05, 0.075), (0.10, 0.126), (0.15, 0.170), (0.20, 0.212), (0.25, 0.251), (0.30, 0.290), (0.35, 0.327), (0.40, 0.365), (0.45, 0.402), (0.50, 0.440), (0.55, 0.478), (0.60, 0.518), (0.65, 0.559), (0.70, 0.602), (0.75, 0.647), (0.80, 0.696), (0.85, 0.750), (0.90, 0.811), (0.95, 0.884), (0.99, 0.965), (0.999, 0.994)] },
];

/// The last map an analysis's chance goes through before it is shown ([`shown_chances`]):
/// from the chance a look at an entry's start gives the seat to move
/// ([`crate::analysis::look_at`]) to how often that seat went on to win, for a
/// game's `key` with so many seats on a board of so many `cells` (0: any board),
/// and for one `seat` to move (`None`: any). A monotone table `holdfast calibrate
/// --fit` fits to the looks of its games ([`isotonic_by_value`] with twenty runs of
/// equal width, none under [`LOOK_MIN_RUN`] looks, kept within [`LOOK_FLOOR`] of 0
/// and 1), where the chances an analysis showed were off by more than 10 points in
/// some tenth. One a seat where the seats' fortunes differ: between levels 3 to 5,
/// the second seat won 70% of Fortress's games and 93% of Island Wars for two,
/// which a chance blind to the seat cannot show.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LookTable {
    pub key: &'static str,
    pub players: usize,
    pub cells: usize,
    pub seat: Option<usize>,
    pub points: &'static [(f32, f32)],
}

/// A look table's runs hold at least so many looks (a run with fewer is joined to
/// the next): a point made of a dozen looks from two or three games moved the
/// chances around it by 10 points and more on other games.
pub const LOOK_MIN_RUN: usize = 40;

/// A look table gives no seat less than this or more than one less this: from
/// looks its games all lost (or won) the players still turned a game round now
/// and then (Citadel 13x13: 6 of 56 such looks on other games).
pub const LOOK_FLOOR: f32 = 0.03;

/// Every shipped look table, each printed by the command above it (fitted to the
/// search's chances, which no look table changes). The README's "The chance"
/// measures the monotone ones on another seed, and the curves (`holdfast refit`)
/// by cross-validation by game over the runs they were fitted to.
#[rustfmt::skip]
#[allow(clippy::approx_constant)] // (measured points, not constants)
pub const LOOK_TABLES: &[LookTable] = &[
    // holdfast calibrate island-wars --variant 2p --games 200 --iterations 20000 --seed 2 --fit > s2.txt
    // holdfast refit s2.txt --each-seat
    // prints these (one a seat: a curve of three parameters, crate::beta)
    LookTable { key: "island-wars", players: 2, cells: 80, seat: Some(0), points: &[(0.025, 0.030), (0.050, 0.030), (0.075, 0.030), (0.100, 0.030), (0.125, 0.030), (0.150, 0.030), (0.175, 0.030), (0.200, 0.030), (0.225, 0.030), (0.250, 0.030), (0.275, 0.030), (0.300, 0.030), (0.325, 0.030), (0.350, 0.030), (0.375, 0.030), (0.400, 0.030), (0.425, 0.030), (0.450, 0.030), (0.475, 0.035), (0.500, 0.041), (0.525, 0.048), (0.550, 0.055), (0.575, 0.065), (0.600, 0.076), (0.625, 0.089), (0.650, 0.104), (0.675, 0.123), (0.700, 0.147), (0.725, 0.175), (0.750, 0.210), (0.775, 0.254), (0.800, 0.307), (0.825, 0.374), (0.850, 0.456), (0.875, 0.553), (0.900, 0.664), (0.925, 0.782), (0.950, 0.891), (0.975, 0.970)] },
    LookTable { key: "island-wars", players: 2, cells: 80, seat: Some(1), points: &[(0.025, 0.125), (0.050, 0.274), (0.075, 0.404), (0.100, 0.510), (0.125, 0.595), (0.150, 0.662), (0.175, 0.717), (0.200, 0.760), (0.225, 0.796), (0.250, 0.826), (0.275, 0.851), (0.300, 0.871), (0.325, 0.889), (0.350, 0.903), (0.375, 0.916), (0.400, 0.927), (0.425, 0.937), (0.450, 0.945), (0.475, 0.952), (0.500, 0.958), (0.525, 0.964), (0.550, 0.969), (0.575, 0.970), (0.600, 0.970), (0.625, 0.970), (0.650, 0.970), (0.675, 0.970), (0.700, 0.970), (0.725, 0.970), (0.750, 0.970), (0.775, 0.970), (0.800, 0.970), (0.825, 0.970), (0.850, 0.970), (0.875, 0.970), (0.900, 0.970), (0.925, 0.970), (0.950, 0.970), (0.975, 0.970)] },
    // holdfast calibrate fort --games 30 --iterations 20000 --seed 1 --fit
    // prints this (one for any seat)
    LookTable { key: "fort", players: 2, cells: 61, seat: None, points: &[(0.010, 0.030), (0.202, 0.265), (0.350, 0.328), (0.427, 0.413), (0.474, 0.485), (0.525, 0.521), (0.573, 0.587), (0.625, 0.669), (0.676, 0.671), (0.766, 0.707), (0.874, 0.754), (0.973, 0.948)] },
    // holdfast calibrate citadel --variant 13x13 --games 150 --iterations 20000 --seed 2 --fit --max-actions 600 > s2.txt
    // holdfast calibrate citadel --variant 13x13 --games 300 --iterations 20000 --seed 3 --fit --max-actions 600 > s3.txt
    // holdfast refit s2.txt s3.txt
    // prints this (one for any seat: a curve of three parameters, crate::beta)
    LookTable { key: "citadel", players: 2, cells: 169, seat: None, points: &[(0.025, 0.047), (0.050, 0.077), (0.075, 0.104), (0.100, 0.129), (0.125, 0.153), (0.150, 0.175), (0.175, 0.197), (0.200, 0.219), (0.225, 0.241), (0.250, 0.262), (0.275, 0.283), (0.300, 0.304), (0.325, 0.325), (0.350, 0.346), (0.375, 0.368), (0.400, 0.389), (0.425, 0.411), (0.450, 0.433), (0.475, 0.455), (0.500, 0.477), (0.525, 0.500), (0.550, 0.523), (0.575, 0.547), (0.600, 0.570), (0.625, 0.595), (0.650, 0.619), (0.675, 0.644), (0.700, 0.669), (0.725, 0.695), (0.750, 0.722), (0.775, 0.748), (0.800, 0.775), (0.825, 0.803), (0.850, 0.831), (0.875, 0.859), (0.900, 0.888), (0.925, 0.917), (0.950, 0.945), (0.975, 0.970)] },
    // holdfast calibrate citadel --variant 19x19 --games 60 --iterations 20000 --seed 1 --fit --max-actions 1500
    // prints this (one for any seat)
    LookTable { key: "citadel", players: 2, cells: 361, seat: None, points: &[(0.020, 0.030), (0.110, 0.096), (0.233, 0.245), (0.519, 0.505), (0.702, 0.546), (0.775, 0.740), (0.827, 0.747), (0.889, 0.882), (0.981, 0.970)] },
    // holdfast calibrate frontier --variant mode1 --games 60 --iterations 20000 --seed 1 --fit
    // prints this (one for any seat)
    LookTable { key: "frontier-mode1", players: 2, cells: 99, seat: None, points: &[(0.023, 0.030), (0.074, 0.085), (0.125, 0.109), (0.206, 0.146), (0.340, 0.321), (0.485, 0.447), (0.647, 0.694), (0.758, 0.833), (0.851, 0.877), (0.930, 0.925), (0.978, 0.970)] },
    // holdfast calibrate island-wars --variant 4p --games 100 --iterations 20000 --seed 1 --fit
    // prints these (one a seat)
    LookTable { key: "island-wars", players: 4, cells: 120, seat: Some(0), points: &[(0.168, 0.249), (0.231, 0.385), (0.318, 0.460), (0.503, 0.587)] },
    LookTable { key: "island-wars", players: 4, cells: 120, seat: Some(1), points: &[(0.075, 0.030), (0.127, 0.030), (0.179, 0.030), (0.224, 0.030), (0.281, 0.030), (0.314, 0.030), (0.416, 0.030)] },
    LookTable { key: "island-wars", players: 4, cells: 120, seat: Some(2), points: &[(0.139, 0.226), (0.230, 0.276), (0.312, 0.380), (0.438, 0.512), (0.573, 0.702)] },
    LookTable { key: "island-wars", players: 4, cells: 120, seat: Some(3), points: &[(0.161, 0.214), (0.279, 0.238), (0.338, 0.244), (0.523, 0.518)] },
    // holdfast calibrate frontier --variant mode2 --games 60 --iterations 20000 --seed 1 --fit
    // prints this (one for any seat)
    LookTable { key: "frontier-mode2", players: 2, cells: 99, seat: None, points: &[(0.068, 0.030), (0.229, 0.075), (0.276, 0.117), (0.349, 0.296), (0.426, 0.347), (0.475, 0.447), (0.520, 0.500), (0.574, 0.622), (0.648, 0.771), (0.725, 0.824), (0.774, 0.913), (0.930, 0.970)] },
    // holdfast calibrate frontier --variant mode3 --games 80 --iterations 20000 --seed 2 --fit > s2.txt
    // holdfast calibrate frontier --variant mode3 --games 80 --iterations 20000 --seed 3 --fit > s3.txt
    // holdfast refit s2.txt s3.txt
    // prints this (one for any seat: a curve of three parameters, crate::beta)
    LookTable { key: "frontier-mode3", players: 2, cells: 99, seat: None, points: &[(0.025, 0.067), (0.050, 0.107), (0.075, 0.139), (0.100, 0.168), (0.125, 0.194), (0.150, 0.218), (0.175, 0.242), (0.200, 0.264), (0.225, 0.285), (0.250, 0.306), (0.275, 0.326), (0.300, 0.346), (0.325, 0.365), (0.350, 0.384), (0.375, 0.403), (0.400, 0.422), (0.425, 0.440), (0.450, 0.459), (0.475, 0.477), (0.500, 0.496), (0.525, 0.515), (0.550, 0.534), (0.575, 0.553), (0.600, 0.572), (0.625, 0.591), (0.650, 0.611), (0.675, 0.631), (0.700, 0.652), (0.725, 0.673), (0.750, 0.694), (0.775, 0.716), (0.800, 0.739), (0.825, 0.763), (0.850, 0.788), (0.875, 0.815), (0.900, 0.843), (0.925, 0.873), (0.950, 0.906), (0.975, 0.945)] },
];

/// The look table for `key` with `players` seats on `cells` cells with `seat` to
/// move, if one is shipped: one for that board size before one for any, one for
/// that seat before one for any.
pub fn look_table_for(
    key: &str,
    players: usize,
    cells: usize,
    seat: usize,
) -> Option<&'static LookTable> {
    let fits = |t: &LookTable, c: usize, s: Option<usize>| {
        t.key == key && t.players == players && t.cells == c && t.seat == s
    };
    [
        (cells, Some(seat)),
        (cells, None),
        (0, Some(seat)),
        (0, None),
    ]
    .into_iter()
    .find_map(|(c, s)| LOOK_TABLES.iter().find(|t| fits(t, c, s)))
}

/// Each seat's chance as an analysis shows it: each seat's share of the search's
/// `chances` (one a seat, [`crate::models::engine_chances`]) through that seat's
/// look table for `key`, `players` seats and `cells` (one for any seat, or its
/// own), the results scaled to add up to 1. Every seat's share goes through, not
/// only the mover's, so that a position's chances do not swing with whose turn it
/// is: a table fitted to movers' chances leans (Citadel 13x13's showed a steady 0.6
/// as 52% on the seat's own turn and 63% on the other's). Unchanged where no table
/// is shipped, no seat is to move (`mover` is `None`: the game is over), or a
/// chance is 0 or 1 (a proof, a resignation). The classes are judged on the
/// search's chances, not on these: the tables lean on who tends to win, not on
/// what a move did.
pub fn shown_chances(
    key: &str,
    players: usize,
    cells: usize,
    mover: Option<usize>,
    chances: &[f32],
) -> Vec<f32> {
    let out = chances.to_vec();
    let proved = chances.iter().any(|&c| c <= 0.0 || c >= 1.0);
    if mover.is_none() || proved {
        return out;
    }
    let mapped: Option<Vec<f32>> = (0..chances.len())
        .map(|s| {
            Some(through_look(
                look_table_for(key, players, cells, s)?.points,
                chances[s],
            ))
        })
        .collect();
    let Some(mapped) = mapped else {
        return out;
    };
    let total: f32 = mapped.iter().sum();
    match total > 0.0 {
        true => mapped.iter().map(|c| c / total).collect(),
        false => out,
    }
}

/// `c` through a look table's `points`, which beyond its first point runs on to
/// [`LOOK_FLOOR`] at 0 and beyond its last to one less it at 1 (where [`through`]
/// keeps the end's chance): a table's first point is the mean of its lowest run of
/// looks, and the looks below it (other games reach further) are not as likely to
/// be won as those (Island Wars for two's second seat: 57% at 0.19, and at 0.05
/// won a quarter of the time on other games).
pub fn through_look(points: &[(f32, f32)], c: f32) -> f32 {
    let (Some(&first), Some(&last)) = (points.first(), points.last()) else {
        return c;
    };
    let ends = [(0.0, LOOK_FLOOR.min(first.1)), first];
    let tops = [last, (1.0, (1.0 - LOOK_FLOOR).max(last.1))];
    match c {
        _ if c < first.0 => through(&ends, c),
        _ if c > last.0 => through(&tops, c),
        _ => through(points, c),
    }
}

/// The chance table for a model's `key` with `players` seats, if one is shipped.
pub fn chance_table_for(key: &str, players: usize) -> Option<&'static ChanceTable> {
    CHANCE_TABLES
        .iter()
        .find(|t| t.key == key && t.players == players)
}

/// The table for `key`, if one is shipped.
pub fn table_for(key: &str) -> Option<&'static Table> {
    TABLES.iter().find(|t| t.key == key)
}

/// The chance `points` give `value` (see [`Table`]); the value itself when there
/// are no points.
pub fn through(points: &[(f32, f32)], value: f32) -> f32 {
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return value;
    };
    if value <= first.0 {
        return first.1;
    }
    if value >= last.0 {
        return last.1;
    }
    for w in points.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if value <= x1 {
            let t = if x1 > x0 {
                (value - x0) / (x1 - x0)
            } else {
                1.0
            };
            return y0 + t * (y1 - y0);
        }
    }
    last.1
}

/// The monotone table that best fits `outcomes` (1 a win, 0.5 a draw, 0 a loss
/// for the mover) from `values`: the decisions in order of value are cut into
/// `bins` runs of equal size, and neighbouring runs whose outcomes fall as the
/// value rises are pooled until none do (pool-adjacent-violators, the least
/// squares fit among non-decreasing maps); each pool gives a point, its mean value
/// and how often its decisions were won.
pub fn isotonic(values: &[f32], outcomes: &[f32], bins: usize) -> Vec<(f32, f32)> {
    let mut order: Vec<(f32, f32)> = values
        .iter()
        .copied()
        .zip(outcomes.iter().copied())
        .collect();
    order.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = order.len();
    let bins = bins.clamp(1, n.max(1));
    let runs = (0..bins).map(|k| &order[k * n / bins..(k + 1) * n / bins]);
    pooled(runs)
}

/// [`isotonic`], with the decisions cut by their value into `bins` runs of equal
/// width between 0 and 1 (the empty ones left out) rather than of equal size:
/// where most values sit close together (Citadel's near 0.5), runs of equal size
/// would pool the few decisive ones at either end with the many even ones.
/// Runs with fewer than `min_run` decisions are joined to the next (the last to
/// the one before it), and the chances are kept within `floor` of 0 and 1.
pub fn isotonic_by_value(
    values: &[f32],
    outcomes: &[f32],
    bins: usize,
    min_run: usize,
    floor: f32,
) -> Vec<(f32, f32)> {
    let bins = bins.max(1);
    let mut order: Vec<(usize, f32, f32)> = values
        .iter()
        .zip(outcomes)
        .map(|(&v, &y)| (((v.max(0.0) * bins as f32) as usize).min(bins - 1), v, y))
        .collect();
    order.sort_by(|a, b| a.1.total_cmp(&b.1));
    let mut runs: Vec<Vec<(f32, f32)>> = vec![Vec::new(); bins];
    for (k, v, y) in order {
        runs[k].push((v, y));
    }
    let mut joined: Vec<Vec<(f32, f32)>> = Vec::new();
    for run in runs.into_iter().filter(|r| !r.is_empty()) {
        match joined.last_mut() {
            Some(last) if last.len() < min_run => last.extend(run),
            _ => joined.push(run),
        }
    }
    if joined.len() > 1 && joined.last().is_some_and(|r| r.len() < min_run) {
        if let Some(last) = joined.pop() {
            joined.last_mut().into_iter().for_each(|r| r.extend(&last));
        }
    }
    let mut points = pooled(joined.iter().map(Vec::as_slice));
    for p in &mut points {
        p.1 = p.1.max(floor).min(1.0 - floor);
    }
    points
}

/// Pool-adjacent-violators over `runs` of (value, outcome) in order of value: a
/// point (mean value, mean outcome) a pool.
fn pooled<'a>(runs: impl Iterator<Item = &'a [(f32, f32)]>) -> Vec<(f32, f32)> {
    // (weight, sum of values, sum of outcomes) a pool.
    let mut pools: Vec<(f64, f64, f64)> = Vec::new();
    for run in runs {
        if run.is_empty() {
            continue;
        }
        let sums = run
            .iter()
            .fold((0.0, 0.0), |(v, y), p| (v + p.0 as f64, y + p.1 as f64));
        pools.push((run.len() as f64, sums.0, sums.1));
        while pools.len() > 1 {
            let (b, a) = (pools[pools.len() - 1], pools[pools.len() - 2]);
            if a.2 / a.0 <= b.2 / b.0 {
                break;
            }
            pools.pop();
            let last = pools.len() - 1;
            pools[last] = (a.0 + b.0, a.1 + b.1, a.2 + b.2);
        }
    }
    pools
        .iter()
        .map(|&(w, v, y)| ((v / w) as f32, (y / w) as f32))
        .collect()
}

/// The logit of `p`, kept finite (p clamped to `[0.001, 0.999]`).
pub fn logit(p: f32) -> f32 {
    let p = p.clamp(0.001, 0.999);
    (p / (1.0 - p)).ln()
}

/// The logistic curve `(a, b)` at `value`.
pub fn curve(a: f32, b: f32, value: f32) -> f32 {
    1.0 / (1.0 + (-(a * logit(value) + b)).exp())
}

/// The cross-entropy of a logistic prediction `1 / (1 + e^-z)` against the
/// outcome `y`: `log(1 + e^z) - y z`, kept finite for large `|z|`.
pub(crate) fn log_loss(z: f64, y: f64) -> f64 {
    let soft = if z > 0.0 {
        z + (-z).exp().ln_1p()
    } else {
        z.exp().ln_1p()
    };
    soft - y * z
}

/// The curve `(a, b)` that best predicts `outcomes` (1 a win, 0.5 a draw, 0 a
/// loss for the mover) from `values` (the search's, at each decision), by the
/// least cross-entropy (Newton's method on the two parameters, a step halved until
/// the cross-entropy falls: where many values sit at the ends, 0 or 1, the plain
/// step overshoots without end).
pub fn fit(values: &[f32], outcomes: &[f32]) -> (f32, f32) {
    let loss = |a: f64, b: f64| -> f64 {
        values
            .iter()
            .zip(outcomes)
            .map(|(&v, &y)| log_loss(a * logit(v) as f64 + b, y as f64))
            .sum()
    };
    let (mut a, mut b) = (1.0f64, 0.0f64);
    let mut now = loss(a, b);
    for _ in 0..50 {
        let (mut ga, mut gb, mut haa, mut hab, mut hbb) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for (&v, &y) in values.iter().zip(outcomes) {
            let x = logit(v) as f64;
            let p = 1.0 / (1.0 + (-(a * x + b)).exp());
            let (e, w) = (p - y as f64, (p * (1.0 - p)).max(1e-9));
            ga += e * x;
            gb += e;
            haa += w * x * x;
            hab += w * x;
            hbb += w;
        }
        let det = haa * hbb - hab * hab;
        if det.abs() < 1e-12 {
            break;
        }
        let (mut da, mut db) = ((hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det);
        let mut halvings = 0;
        while loss(a - da, b - db) > now && halvings < 40 {
            (da, db) = (da / 2.0, db / 2.0);
            halvings += 1;
        }
        a -= da;
        b -= db;
        now = loss(a, b);
        if da.abs() + db.abs() < 1e-9 {
            break;
        }
    }
    (a as f32, b as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_monotone_and_recovers_the_chances_that_made_the_outcomes() {
        // Decisions valued i/20 won a share (i/20)^2 of the time, and a run in
        // the middle won less than the one below it (noise the fit must pool).
        let (mut values, mut outcomes) = (Vec::new(), Vec::new());
        for i in 1..20 {
            let v = i as f32 / 20.0;
            let p = if i == 10 { 0.15 } else { v * v };
            let wins = (p * 100.0).round() as usize;
            for k in 0..100 {
                values.push(v);
                outcomes.push(if k < wins { 1.0 } else { 0.0 });
            }
        }
        let points = isotonic(&values, &outcomes, 19);
        assert!(points
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1));
        // Runs 9 and 10 (0.20 and 0.15 won) are pooled into one point.
        assert_eq!(points.len(), 18);
        assert!((through(&points, 0.25) - 0.0625).abs() < 0.01);
        assert!((through(&points, 0.475) - 0.175).abs() < 0.01);
        assert!((through(&points, 0.9) - 0.81).abs() < 0.01);
        // Between points on the line, beyond the ends the end's chance.
        let mid = (through(&points, 0.8) + through(&points, 0.85)) / 2.0;
        assert!((through(&points, 0.825) - mid).abs() < 1e-4);
        assert_eq!(through(&points, 0.0), through(&points, 0.05));
        assert_eq!(through(&points, 1.0), through(&points, 0.95));
        assert_eq!(through(&[], 0.3), 0.3);
        // No decision, no point; more runs than decisions, a run each; values that
        // tie across runs give points that share a value: a step there, the lower
        // chance at the value itself and the higher just above it.
        assert!(isotonic(&[], &[], 20).is_empty());
        let few = isotonic(&[0.2, 0.8], &[0.0, 1.0], 20);
        assert_eq!(few, vec![(0.2, 0.0), (0.8, 1.0)]);
        let tied = isotonic(&[0.5; 4], &[0.0, 0.0, 1.0, 1.0], 2);
        assert_eq!(tied, vec![(0.5, 0.0), (0.5, 1.0)]);
        assert_eq!(through(&tied, 0.5), 0.0);
        assert_eq!(through(&tied, 0.6), 1.0);
        // Every shipped table is monotone.
        for t in TABLES {
            assert!(!t.points.is_empty(), "{}", t.key);
            assert!(t
                .points
                .windows(2)
                .all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].1));
        }
    }

    #[test]
    fn runs_of_equal_width_keep_the_few_decisive_looks_apart_from_the_many_even_ones() {
        // 900 looks near 0.5 won half the time, 50 at 0.1 all lost, 50 at 0.9
        // all won: runs of equal size pool the decisive ones with even ones.
        let (mut values, mut outcomes) = (Vec::new(), Vec::new());
        for k in 0..900 {
            values.push(0.45 + (k % 10) as f32 / 100.0);
            outcomes.push(((k / 10) % 2) as f32);
        }
        for _ in 0..50 {
            values.extend([0.1, 0.9]);
            outcomes.extend([0.0, 1.0]);
        }
        let by_value = isotonic_by_value(&values, &outcomes, 20, 0, 0.0);
        assert!((through(&by_value, 0.9) - 1.0).abs() < 1e-6);
        assert!(through(&by_value, 0.1).abs() < 1e-6);
        assert!((through(&by_value, 0.5) - 0.5).abs() < 0.05);
        assert!(by_value
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1));
        let by_size = isotonic(&values, &outcomes, 10);
        assert!(through(&by_size, 0.9) < 0.8);
        // Values outside 0 to 1 fall in the end runs; none, no point.
        assert_eq!(
            isotonic_by_value(&[-0.5, 1.5], &[0.0, 1.0], 20, 0, 0.0),
            vec![(-0.5, 0.0), (1.5, 1.0)]
        );
        assert!(isotonic_by_value(&[], &[], 20, 40, 0.03).is_empty());
        // Runs under 60 looks joined to the next (the 50 at 0.1 to the first of
        // the even ones), the last to the one before; the ends kept off 0 and 1.
        let joined = isotonic_by_value(&values, &outcomes, 20, 60, 0.03);
        assert!(joined.iter().all(|p| p.1 >= 0.03 && p.1 <= 0.97));
        assert!(through(&joined, 0.9) > 0.5 && through(&joined, 0.9) < 0.97);
        assert_eq!(
            isotonic_by_value(&[0.1, 0.9], &[0.0, 1.0], 20, 0, 0.03),
            vec![(0.1, 0.03), (0.9, 0.97)]
        );
    }

    #[test]
    fn a_look_table_runs_on_to_its_floor_beyond_its_ends() {
        let points = [(0.2, 0.6), (0.5, 0.8), (0.8, 0.9)];
        assert!((through_look(&points, 0.5) - 0.8).abs() < 1e-6);
        assert!((through_look(&points, 0.0) - LOOK_FLOOR).abs() < 1e-6);
        assert!((through_look(&points, 0.1) - (LOOK_FLOOR + 0.6) / 2.0).abs() < 1e-6);
        assert!((through_look(&points, 1.0) - (1.0 - LOOK_FLOOR)).abs() < 1e-6);
        assert!((through_look(&points, 0.9) - (0.9 + 1.0 - LOOK_FLOOR) / 2.0).abs() < 1e-6);
        // An end already at the floor stays there; no points, the chance itself.
        assert_eq!(through_look(&[(0.1, 0.03), (0.9, 0.97)], 0.05), 0.03);
        assert_eq!(through_look(&[], 0.4), 0.4);
    }

    #[test]
    fn every_look_table_is_monotone_and_found_for_its_board_and_seat() {
        for t in LOOK_TABLES {
            let ok = t
                .points
                .windows(2)
                .all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].1);
            assert!(ok, "{}", t.key);
            let within = |c: f32| (LOOK_FLOOR - 1e-6..=1.0 - LOOK_FLOOR + 1e-6).contains(&c);
            assert!(t.points.iter().all(|p| within(p.1)), "{}", t.key);
            let found = look_table_for(t.key, t.players, t.cells, t.seat.unwrap_or(0));
            let found = found.expect("found");
            assert_eq!(
                (found.key, found.players, found.cells),
                (t.key, t.players, t.cells)
            );
            if t.seat.is_some() {
                assert_eq!(found.seat, t.seat);
            }
        }
        assert!(look_table_for("no-such-game", 2, 0, 0).is_none());
    }

    #[test]
    fn a_fit_recovers_the_curve_that_made_the_outcomes() {
        // Outcomes drawn as a curve (a 2, b -0.5) says, deterministically: each
        // value's share of wins among 200 decisions.
        let (mut values, mut outcomes) = (Vec::new(), Vec::new());
        for i in 1..20 {
            let v = i as f32 / 20.0;
            let p = curve(2.0, -0.5, v);
            let wins = (p * 200.0).round() as usize;
            for k in 0..200 {
                values.push(v);
                outcomes.push(if k < wins { 1.0 } else { 0.0 });
            }
        }
        let (a, b) = fit(&values, &outcomes);
        assert!((a - 2.0).abs() < 0.02 && (b + 0.5).abs() < 0.02, "{a} {b}");
        // The curve (1, 0) is the value itself, kept inside (0, 1).
        assert!((curve(1.0, 0.0, 0.3) - 0.3).abs() < 1e-5);
        assert!(curve(1.0, 0.0, 1.0) < 1.0 && curve(1.0, 0.0, 0.0) > 0.0);
    }

    #[test]
    fn a_fit_stays_finite_when_most_values_sit_at_the_ends() {
        // Chances of exactly 0 and 1 (a line that ends the game) won a quarter and
        // three quarters of the time, a few in the middle: the plain Newton step
        // ran away here (a in the millions).
        let (mut values, mut outcomes) = (Vec::new(), Vec::new());
        for k in 0..400 {
            values.extend([0.0, 1.0]);
            outcomes.extend([(k % 4 == 0) as u8 as f32, (k % 4 != 0) as u8 as f32]);
        }
        for k in 0..100 {
            values.push(0.5);
            outcomes.push(((k / 10) % 2) as f32);
        }
        let (a, b) = fit(&values, &outcomes);
        assert!(a.is_finite() && a > 0.0 && a < 1.0, "{a} {b}");
        assert!((curve(a, b, 1.0) - 0.75).abs() < 0.01, "{a} {b}");
        assert!((curve(a, b, 0.0) - 0.25).abs() < 0.01, "{a} {b}");
    }
}
