//! How numbers and times are written on pages: one place, so every page
//! shows accuracies, intervals and dates the same way.

/// The UTC calendar date of a Unix time as `YYYY-MM-DD`.
pub fn utc_date(unix: i64) -> String {
    // Civil-from-days (Howard Hinnant's algorithm), proleptic Gregorian.
    let z = unix.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Date and time as `YYYY-MM-DD HH:MM UTC`.
pub fn utc_datetime(unix: i64) -> String {
    let secs = unix.rem_euclid(86_400);
    format!("{} {:02}:{:02} UTC", utc_date(unix), secs / 3600, (secs % 3600) / 60)
}

/// An accuracy with three decimals.
pub fn acc(x: f64) -> String {
    format!("{x:.3}")
}

/// A 95% interval as `[lo, hi]` with three decimals.
pub fn ci(ci: [f64; 2]) -> String {
    format!("[{:.3}, {:.3}]", ci[0], ci[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(utc_date(0), "1970-01-01");
        assert_eq!(utc_date(1_709_164_800), "2024-02-29");
        assert_eq!(utc_datetime(1_796_083_199), "2026-11-30 23:59 UTC");
        assert_eq!(ci([0.1234, 0.5]), "[0.123, 0.500]");
    }
}
