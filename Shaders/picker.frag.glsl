#version 330 core
// The colour picker's gradients, computed per pixel (opaque, so premultiplied as they are):
// u_part 0: the saturation/value square at hue u_hue (saturation left to right, value top to bottom);
// u_part 1: the hue strip, hue 0 at the top to 1 at the bottom, at full saturation and value;
// u_part 2: the opacity strip, u_color from opaque at the top to transparent at the bottom, over a
// white and grey checkerboard of u_cell pixels from the strip's top-left corner (u_size pixels).
in vec2 v_texcoord;
uniform int u_part;
uniform float u_hue;
uniform vec3 u_color;
uniform vec2 u_size;
uniform float u_cell;
out vec4 o_color;

// Hue, saturation and value to sRGB-encoded RGB, as ColorPicker.rgb does it (sextant by sextant).
vec3 hsv(float h, float s, float v) {
    vec3 k = clamp(abs(mod(h * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
    return v * mix(vec3(1.0), k, s);
}

void main() {
    vec2 t = clamp(v_texcoord, 0.0, 1.0);
    vec3 c;
    if (u_part == 0) {
        c = hsv(u_hue, t.x, 1.0 - t.y);
    } else if (u_part == 1) {
        c = hsv(t.y, 1.0, 1.0);
    } else {
        vec2 cell = floor(v_texcoord * u_size / u_cell);
        vec3 board = mod(cell.x + cell.y, 2.0) < 0.5 ? vec3(1.0) : vec3(200.0 / 255.0);
        c = mix(board, u_color, 1.0 - t.y);
    }
    o_color = vec4(c, 1.0);
}
