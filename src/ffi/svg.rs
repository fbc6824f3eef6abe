//! What the board pictures of both games share (the calls are
//! `kc_kaissa_svg` in `kaissa/svg.rs`, `kc_chaturaji_svg` in
//! `chaturaji/svg.rs` and `kc_record_svg`): the square size.

use crate::svg::SvgOptions;

/// The default side of a square in SVG pictures, in pixels: what a
/// `square_size` of 0 asks for. The SVG functions (`kc_kaissa_svg`,
/// `kc_chaturaji_svg`, `kc_record_svg`) refuse no size: they clamp any
/// other size to 8..1000 pixels.
pub const KC_SVG_DEFAULT_SQUARE_SIZE: u32 = 48;

/// The SVG options for a square size from C (0: the default; the picture
/// clamps the others to 8..1000).
pub(crate) fn svg_options(square_size: u32) -> SvgOptions {
    let size = if square_size == 0 {
        KC_SVG_DEFAULT_SQUARE_SIZE
    } else {
        square_size
    };
    SvgOptions::default().with_square_size(size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::chaturaji::{
        kc_chaturaji_position_free, kc_chaturaji_position_new_start, kc_chaturaji_rules,
        kc_chaturaji_rules_default, kc_chaturaji_svg,
    };
    use crate::ffi::kaissa::{
        kc_kaissa_position_free, kc_kaissa_position_new_start, kc_kaissa_svg,
    };
    use crate::ffi::kc_status::{self, KC_OK};
    use core::ffi::c_char;
    use core::ptr::{null, null_mut};

    /// The picture `draw` writes, asked for its size first.
    fn picture(draw: impl Fn(*mut c_char, usize, *mut usize) -> kc_status) -> String {
        let mut needed = 0;
        draw(null_mut(), 0, &mut needed);
        let mut buf = vec![0u8; needed];
        let mut len = 0;
        assert_eq!(draw(buf.as_mut_ptr().cast(), buf.len(), &mut len), KC_OK);
        buf.truncate(len);
        String::from_utf8(buf).expect("UTF-8")
    }

    /// No square size is refused: 0 is the default, sizes below 8 draw as
    /// 8 and sizes above 1000 as 1000, as the header says.
    #[test]
    fn square_sizes_are_clamped_not_refused() {
        let mut kaissa = null_mut();
        let mut chaturaji = null_mut();
        // SAFETY: a struct of integers, for which zeros are a value.
        let mut rules: kc_chaturaji_rules = unsafe { core::mem::zeroed() };
        // SAFETY: writable locals; the positions are freed below.
        unsafe {
            assert_eq!(kc_kaissa_position_new_start(&mut kaissa), KC_OK);
            assert_eq!(kc_chaturaji_rules_default(&mut rules), KC_OK);
            assert_eq!(
                kc_chaturaji_position_new_start(&rules, &mut chaturaji),
                KC_OK
            );
        }
        for (asked, drawn) in [
            (0, KC_SVG_DEFAULT_SQUARE_SIZE),
            (1, 8),
            (5, 8),
            (5000, 1000),
        ] {
            let sizes = [asked, drawn].map(|size| {
                // SAFETY: live positions and the buffers of `picture`.
                let k = picture(|buf, cap, len| unsafe {
                    kc_kaissa_svg(kaissa, null(), size, buf, cap, len)
                });
                // SAFETY: as above.
                let c = picture(|buf, cap, len| unsafe {
                    kc_chaturaji_svg(chaturaji, null(), size, buf, cap, len)
                });
                (k, c)
            });
            assert_eq!(sizes[0], sizes[1], "square size {asked}");
        }
        // SAFETY: made above, freed once.
        unsafe {
            kc_kaissa_position_free(kaissa);
            kc_chaturaji_position_free(chaturaji);
        }
    }
}
