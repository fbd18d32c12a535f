#version 330 core
// Dashed strokes: the stroke coverage times a dash mask computed from arc length (canvas points).
// u_dash = (on, off, phase, scale): the dash is on where mod(arc - phase, on + off) < on; the mask
// ramps over one device pixel (arc * scale) centred on each dash end.
in vec4 v_aa;
in vec4 v_color;
uniform vec4 u_dash;
out vec4 o_color;

float dashMask(float arc) {
    float on = u_dash.x, off = u_dash.y, phase = u_dash.z, scale = u_dash.w;
    if (off <= 0.0) return 1.0;
    if (on <= 0.0) return 0.0;
    float period = on + off;
    float d = mod(arc - phase, period);
    float inside = d < on ? min(d, on - d) : -min(d - on, period - d);
    return clamp(inside * scale + 0.5, 0.0, 1.0);
}

void main() {
    float coverage = clamp(v_aa.y - abs(v_aa.x), 0.0, 1.0) * clamp(v_aa.z, 0.0, 1.0);
    o_color = v_color * (coverage * dashMask(v_aa.w));
}
