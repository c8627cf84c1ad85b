//! The colour scale of the specialty × level heatmap, shared by the page's
//! table and the SVG chart so that both paint a cell the same way.
//!
//! Accuracy 0–1 falls into ten bins of 0.1, each painted with viridis (a
//! sequential scale that stays ordered for the common colour-vision
//! deficiencies and in greyscale: darker is lower), and each bin carries the
//! text colour, black or white, that contrasts most with it (always at
//! least WCAG AA, 4.5:1). The scale is fixed, not stretched to the data, so
//! colours compare across submissions.

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const BLACK: Self = Self(0, 0, 0);
    pub const WHITE: Self = Self(255, 255, 255);

    /// `#rrggbb`, for CSS and SVG.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// WCAG 2 relative luminance.
    pub fn luminance(self) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.040_45 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * linear(self.0) + 0.7152 * linear(self.1) + 0.0722 * linear(self.2)
    }

    /// WCAG 2 contrast ratio with `other` (1 to 21).
    pub fn contrast(self, other: Self) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    fn midpoint(self, other: Self) -> Self {
        let mid = |a: u8, b: u8| ((u16::from(a) + u16::from(b)).div_ceil(2)) as u8;
        Self(mid(self.0, other.0), mid(self.1, other.1), mid(self.2, other.2))
    }
}

/// matplotlib's viridis at 0, 0.1, ..., 1.
const VIRIDIS: [Rgb; 11] = [
    Rgb(0x44, 0x01, 0x54),
    Rgb(0x48, 0x24, 0x75),
    Rgb(0x41, 0x44, 0x87),
    Rgb(0x35, 0x5f, 0x8d),
    Rgb(0x2a, 0x78, 0x8e),
    Rgb(0x21, 0x91, 0x8c),
    Rgb(0x22, 0xa8, 0x84),
    Rgb(0x44, 0xbf, 0x70),
    Rgb(0x7a, 0xd1, 0x51),
    Rgb(0xbd, 0xdf, 0x26),
    Rgb(0xfd, 0xe7, 0x25),
];

/// How many bins the scale has.
pub const BINS: usize = 10;

/// One bin of the scale: accuracies in `[lower, upper)` (the last bin
/// includes 1), painted `fill` with `text` on it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shade {
    pub lower: f64,
    pub upper: f64,
    pub fill: Rgb,
    pub text: Rgb,
}

impl Shade {
    /// The bin as the legend names it: `0.3–0.4`.
    pub fn range_label(&self) -> String {
        format!("{:.1}–{:.1}", self.lower, self.upper)
    }

    /// The bin as a cell too small to trust paints it: a fifth of its
    /// colour on white, with black text. Still ordered (darker is lower),
    /// but never as loud as a cell with enough questions behind it.
    #[must_use]
    pub fn muted(self) -> Self {
        let mix = |c: u8| ((u16::from(c) + 4 * 255).div_ceil(5)) as u8;
        Self { fill: Rgb(mix(self.fill.0), mix(self.fill.1), mix(self.fill.2)), text: Rgb::BLACK, ..self }
    }

    /// The inline CSS of a cell painted with this bin.
    pub fn css(&self) -> String {
        format!("background-color:{};color:{}", self.fill.hex(), self.text.hex())
    }
}

/// The bin of `accuracy` (clamped to 0–1; NaN is bin 0).
pub fn bin(accuracy: f64) -> usize {
    let a = if accuracy.is_nan() { 0.0 } else { accuracy.clamp(0.0, 1.0) };
    // Rounding first keeps 0.3 (0.30000000000000004 × 10) in bin 3.
    (((a * BINS as f64) * 1e9).round() / 1e9).floor().min((BINS - 1) as f64) as usize
}

/// Bin `i` (0 to [`BINS`] − 1) of the scale: viridis at the bin's middle.
pub fn shade(i: usize) -> Shade {
    let i = i.min(BINS - 1);
    let fill = VIRIDIS[i].midpoint(VIRIDIS[i + 1]);
    let text = if fill.contrast(Rgb::BLACK) >= fill.contrast(Rgb::WHITE) { Rgb::BLACK } else { Rgb::WHITE };
    Shade { lower: i as f64 / BINS as f64, upper: (i + 1) as f64 / BINS as f64, fill, text }
}

/// The shade of a cell with this accuracy.
pub fn shade_of(accuracy: f64) -> Shade {
    shade(bin(accuracy))
}

/// Every bin, lowest first: the legend.
pub fn scale() -> impl Iterator<Item = Shade> {
    (0..BINS).map(shade)
}

/// A cell with no questions: neither a colour of the scale nor zero.
pub const EMPTY_FILL: Rgb = Rgb(0xf6, 0xf8, 0xfa);
/// Text on [`EMPTY_FILL`] (the site's muted grey).
pub const EMPTY_TEXT: Rgb = Rgb(0x57, 0x60, 0x6a);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_cover_zero_to_one() {
        assert_eq!(bin(0.0), 0);
        assert_eq!(bin(0.099), 0);
        assert_eq!(bin(0.1), 1);
        assert_eq!(bin(0.3), 3);
        assert_eq!(bin(0.7), 7);
        assert_eq!(bin(0.999), 9);
        assert_eq!(bin(1.0), 9);
        assert_eq!(bin(f64::NAN), 0);
        assert_eq!(bin(-1.0), 0);
        assert_eq!(bin(2.0), 9);
        assert_eq!(shade(3).range_label(), "0.3–0.4");
        assert_eq!(shade_of(1.0).upper, 1.0);
    }

    #[test]
    fn the_scale_is_sequential_and_every_text_is_readable() {
        let shades: Vec<Shade> = scale().collect();
        assert_eq!(shades.len(), BINS);
        for pair in shades.windows(2) {
            assert!(pair[0].fill.luminance() < pair[1].fill.luminance(), "lighter as accuracy rises: {pair:?}");
        }
        for s in &shades {
            assert!(s.fill.contrast(s.text) >= 4.5, "{s:?}: {}", s.fill.contrast(s.text));
        }
        assert_eq!(shades[0].text, Rgb::WHITE);
        assert_eq!(shades[BINS - 1].text, Rgb::BLACK);
        assert!(EMPTY_FILL.contrast(EMPTY_TEXT) >= 4.5);
    }

    #[test]
    fn muted_shades_are_pale_ordered_and_readable() {
        let muted: Vec<Shade> = scale().map(Shade::muted).collect();
        for (m, s) in muted.iter().zip(scale()) {
            assert!(m.fill.luminance() > 0.6 && m.fill.luminance() > s.fill.luminance(), "{m:?}");
            assert!(m.fill.contrast(m.text) >= 4.5, "{m:?}");
            assert_eq!((m.lower, m.upper), (s.lower, s.upper));
        }
        for pair in muted.windows(2) {
            assert!(pair[0].fill.luminance() <= pair[1].fill.luminance(), "{pair:?}");
        }
    }

    #[test]
    fn colours_as_css() {
        assert_eq!(Rgb(11, 92, 173).hex(), "#0b5cad");
        assert_eq!(shade(0).css(), "background-color:#461365;color:#ffffff");
        assert!((Rgb::BLACK.contrast(Rgb::WHITE) - 21.0).abs() < 1e-9);
    }
}
