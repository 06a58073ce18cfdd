    def call(self, args):
        primals_1, primals_4, primals_9, primals_13, primals_18, primals_22, primals_27, primals_31, primals_36, primals_40, embedding, mm_default, rsqrt, view_4, convert_element_type_14, convert_element_type_15, convert_element_type_16, where, getitem, getitem_1, getitem_6, getitem_7, mm_3, rsqrt_1, view_16, mm_4, mm_5, view_20, add_9, rsqrt_2, view_22, convert_element_type_46, convert_element_type_47, convert_element_type_48, getitem_9, getitem_10, getitem_15, getitem_16, add_13, rsqrt_3, view_34, mm_11, mm_12, view_38, add_16, rsqrt_4, view_40, convert_element_type_78, convert_element_type_79, convert_element_type_80, getitem_18, getitem_19, getitem_24, getitem_25, add_20, rsqrt_5, view_52, mm_18, mm_19, view_56, add_23, rsqrt_6, view_58, convert_element_type_110, convert_element_type_111, convert_element_type_112, getitem_27, getitem_28, getitem_33, getitem_34, add_27, rsqrt_7, view_70, mm_25, mm_26, view_74, add_30, rsqrt_8, view_76, view_77, constant_pad_nd, amax, log, convert_element_type_134, permute_48, permute_52, permute_56, permute_60, permute_64, permute_70, permute_75, permute_80, permute_84, permute_88, permute_92, permute_96, permute_102, permute_107, permute_112, permute_116, permute_120, permute_124, permute_128, permute_134, permute_139, permute_144, permute_148, permute_152, permute_156, permute_160, permute_166, permute_171, permute_176, tangents_1, tangents_2, tangents_3, tangents_4, tangents_5, tangents_6, tangents_7, tangents_8, tangents_9, tangents_10 = args
        args.clear()
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            # Topologically Sorted Source Nodes: [div_5, getitem_23, shift_labels, shift_labels_1, unsqueeze_20, ne_3, loss, where_6, , where_7, mul_40, logits_1, logits_2, exp_5, sum_4, mul_41, sub_2, view_80, convert_element_type_135, add_32], Original ATen: [aten.nll_loss_backward, aten.slice, aten.clone, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten._to_copy, aten._log_softmax, aten._log_softmax_backward_data, aten.add]
            # [Provenance debug handles] triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_clone_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_slice_view_where_0:1
            triton_red_fused__log_softmax__log_softmax_backward_data__to_copy_add_arange_clone_eq_expand_nll_loss_backward_nll_loss_forward_scalar_tensor_slice_view_where_0.run(constant_pad_nd, tangents_9, convert_element_type_134, tangents_10, view_77, amax, log, buf1, 4096, 32000, stream=stream0)
            # Topologically Sorted Source Nodes: [div_5, getitem_23, shift_labels, shift_labels_1, unsqueeze_20, ne_3, loss, where_6, , where_7, mul_40, logits_1, logits_2, exp_5, mul_41, sub_2, view_80, convert_element_type_135, add_32, view_81, permute_46, permute_49], Original ATen: [aten.nll_loss_backward, aten.slice, aten.clone, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten._to_copy, aten._log_softmax, aten._log_softmax_backward_data, aten.add, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:2
            extern_kernels.mm(reinterpret_tensor(buf1, (32000, 4096), (1, 32000), 0), view_76, out=buf2)
            # Topologically Sorted Source Nodes: [div_5, getitem_23, shift_labels, shift_labels_1, unsqueeze_20, ne_3, loss, where_6, , where_7, mul_40, logits_1, logits_2, exp_5, mul_41, sub_2, view_80, convert_element_type_135, add_32, view_81, mm_30], Original ATen: [aten.nll_loss_backward, aten.slice, aten.clone, aten.view, aten.nll_loss_forward, aten.arange, aten.expand, aten.eq, aten.scalar_tensor, aten.where, aten._to_copy, aten._log_softmax, aten._log_softmax_backward_data, aten.add, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:3
            extern_kernels.mm(reinterpret_tensor(buf1, (4096, 32000), (32000, 1), 0), permute_48, out=buf3)
            # Topologically Sorted Source Nodes: [convert_element_type_141], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_1:4
            triton_poi_fused__to_copy_1.run(buf2, buf4, 16384000, stream=stream0)
            # Topologically Sorted Source Nodes: [view_82, convert_element_type_140, hidden_states_33, mul_43, sum_5], Original ATen: [aten.view, aten._to_copy, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_mul_sum_view_2:5
            triton_red_fused__to_copy_mul_sum_view_2.run(buf3, add_30, rsqrt_8, buf5, 16384, 128, stream=stream0)
            # Topologically Sorted Source Nodes: [view_82, convert_element_type_140, hidden_states_33, mul_43, sum_5], Original ATen: [aten.view, aten._to_copy, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:6
            triton_per_fused__to_copy_mul_sum_view_3.run(buf5, buf6, 512, 32, stream=stream0)
            buf8 = add_30; del add_30  # reuse
            # Topologically Sorted Source Nodes: [view_82, convert_element_type_140, mul_42, mul_44, mul_45, sum_6, pow_10, mul_46, mul_47, expand_5, div_6, pow_11, mul_48, mul_49, add_33, convert_element_type_142, view_84], Original ATen: [aten.view, aten._to_copy, aten.mul, aten.sum, aten.pow, aten.expand, aten.div, aten.add]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_4:7
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_4.run(buf8, buf3, primals_40, rsqrt_8, buf9, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [permute_50, permute_53], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:8
            extern_kernels.mm(reinterpret_tensor(buf9, (512, 4096), (1, 512), 0), view_74, out=buf10)
            # Topologically Sorted Source Nodes: [mm_32], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:9
            extern_kernels.mm(buf9, permute_52, out=buf11)
            # Topologically Sorted Source Nodes: [convert_element_type_147], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_5:10
            triton_poi_fused__to_copy_5.run(buf10, buf12, 704512, stream=stream0)
            buf17 = reinterpret_tensor(mm_26, (8, 512, 1376), (720896, 1408, 1), 0); del mm_26  # reuse
            # Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, mul_50, linear_26, mul_51, convert_element_type_154, reciprocal, mul_52, mul_53, sub_3, mul_54, add_35, mul_55, convert_element_type_156], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6:11
            triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6.run(buf17, buf11, mm_25, buf13, 5636096, stream=stream0)
            # Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, mul_50, view_86, permute_54, permute_57], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:12
            extern_kernels.mm(reinterpret_tensor(buf13, (1376, 4096), (1, 1408), 0), view_70, out=buf14)
            buf15 = buf9; del buf9  # reuse
            # Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, mul_50, view_86, mm_34], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:13
            extern_kernels.mm(reinterpret_tensor(buf13, (4096, 1376), (1408, 1), 0), permute_56, out=buf15)
            # Topologically Sorted Source Nodes: [convert_element_type_153], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:14
            triton_poi_fused__to_copy_7.run(buf14, buf16, 704512, stream=stream0)
            buf18 = buf14; del buf14  # reuse
            # Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, linear_26, mul_51, convert_element_type_154, reciprocal, mul_52, mul_53, sub_3, mul_54, add_35, mul_55, convert_element_type_156, view_88, permute_58, permute_61], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:15
            extern_kernels.mm(reinterpret_tensor(buf17, (1376, 4096), (1, 1408), 0), view_70, out=buf18)
            buf19 = buf3; del buf3  # reuse
            # Topologically Sorted Source Nodes: [view_85, linear_25, silu_3, linear_26, mul_51, convert_element_type_154, reciprocal, mul_52, mul_53, sub_3, mul_54, add_35, mul_55, convert_element_type_156, view_88, mm_36], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:16
            extern_kernels.mm(reinterpret_tensor(buf17, (4096, 1376), (1408, 1), 0), permute_60, out=buf19)
            # Topologically Sorted Source Nodes: [convert_element_type_162], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:17
            triton_poi_fused__to_copy_7.run(buf18, buf20, 704512, stream=stream0)
            buf21 = buf5; del buf5  # reuse
            # Topologically Sorted Source Nodes: [view_87, convert_element_type_152, view_89, convert_element_type_161, add_36, hidden_states_29, mul_57, sum_7], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_8:18
            triton_red_fused__to_copy_add_mul_sum_view_8.run(buf15, buf19, add_27, rsqrt_7, buf21, 16384, 128, stream=stream0)
            # Topologically Sorted Source Nodes: [view_87, convert_element_type_152, view_89, convert_element_type_161, add_36, hidden_states_29, mul_57, sum_7], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:19
            triton_per_fused__to_copy_mul_sum_view_3.run(buf21, buf22, 512, 32, stream=stream0)
            buf24 = buf8; del buf8  # reuse
            # Topologically Sorted Source Nodes: [view_87, convert_element_type_152, view_89, convert_element_type_161, add_36, mul_56, mul_58, mul_59, sum_8, add_37, pow_12, mul_60, mul_61, expand_6, div_7, pow_13, mul_62, mul_63, add_38, convert_element_type_163, view_91], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9:20
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9.run(buf24, buf15, buf19, primals_36, add_27, rsqrt_7, buf25, 4096, 512, stream=stream0)
            # Topologically Sorted Source Nodes: [permute_62, transpose_16, reshape_3, attn_output_15, permute_65], Original ATen: [aten.t, aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:21
            extern_kernels.mm(reinterpret_tensor(buf25, (512, 4096), (1, 512), 0), reinterpret_tensor(getitem_27, (4096, 512), (512, 1), 0), out=buf26)
            buf27 = buf19; del buf19  # reuse
            # Topologically Sorted Source Nodes: [mm_38], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:22
            extern_kernels.mm(buf25, permute_64, out=buf27)
            # Topologically Sorted Source Nodes: [convert_element_type_168], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:23
            triton_poi_fused__to_copy_10.run(buf26, buf28, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [view_92, view_93, permute_66, _scaled_dot_product_cudnn_attention_backward], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default:24
            buf29 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf27, (8, 8, 512, 64), (262144, 64, 512, 1), 0), convert_element_type_112, convert_element_type_111, convert_element_type_110, getitem_27, getitem_28, getitem_33, getitem_34, where, None, None, 512, 512, 0.0, False, scale=0.125)
            buf30 = buf29[0]
            assert_alignment(buf30, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf31 = buf29[1]
            assert_alignment(buf31, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf32 = buf29[2]
            assert_alignment(buf32, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            # Topologically Sorted Source Nodes: [convert_element_type_170, slice_19, , freqs, emb, sin, sin_1, sin_3, mul_64, convert_element_type_173, slice_20, slice_21, neg_14, full_3, _generalized_scatter, _generalized_scatter_1, add_41, cos, cos_1, cos_3, mul_65, convert_element_type_174, add_42], Original ATen: [aten._to_copy, aten.add, aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice, aten.neg, aten.slice_backward, aten.cos]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11:25
            triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11.run(tangents_8, buf31, mm_default, buf33, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [convert_element_type_171, slice_18, convert_element_type_172, permute_67, clone_7], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_clone_transpose_12:26
            triton_poi_fused__to_copy_add_clone_transpose_12.run(buf34, tangents_7, 2097152, stream=stream0)
            buf35 = buf26; del buf26  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_171, slice_18, convert_element_type_172, permute_67, clone_7, view_94, view_95, permute_68, permute_71], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:27
            extern_kernels.mm(reinterpret_tensor(buf34, (512, 4096), (1, 512), 0), view_58, out=buf35)
            # Topologically Sorted Source Nodes: [convert_element_type_171, slice_18, convert_element_type_172, permute_67, clone_7, view_94, view_95, mm_40], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:28
            extern_kernels.mm(reinterpret_tensor(buf34, (4096, 512), (512, 1), 0), permute_70, out=buf36)
            # Topologically Sorted Source Nodes: [convert_element_type_182], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:29
            triton_poi_fused__to_copy_10.run(buf35, buf37, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [permute_72, clone_8, view_97, view_98], Original ATen: [aten.transpose, aten.clone, aten._unsafe_view, aten.view]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_clone_transpose_view_13:30
            triton_poi_fused__unsafe_view_clone_transpose_view_13.run(buf33, buf38, 2097152, stream=stream0)
            buf39 = buf35; del buf35  # reuse
            # Topologically Sorted Source Nodes: [permute_73, permute_76], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:31
            extern_kernels.mm(reinterpret_tensor(buf38, (512, 4096), (1, 512), 0), view_58, out=buf39)
            # Topologically Sorted Source Nodes: [mm_42], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:32
            extern_kernels.mm(buf38, permute_75, out=buf40)
            # Topologically Sorted Source Nodes: [convert_element_type_188], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:33
            triton_poi_fused__to_copy_10.run(buf39, buf41, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [convert_element_type_169, , freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, mul_66, convert_element_type_175, slice_22, slice_23, neg_15, _generalized_scatter_2, _generalized_scatter_3, add_43, mul_67, convert_element_type_176, add_44, permute_77, clone_9], Original ATen: [aten._to_copy, aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten.slice, aten.neg, aten.add, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14:34
            triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14.run(buf30, mm_default, buf42, 2097152, stream=stream0)
            buf43 = buf39; del buf39  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_169, , freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, mul_66, convert_element_type_175, slice_22, slice_23, neg_15, _generalized_scatter_2, _generalized_scatter_3, add_43, mul_67, convert_element_type_176, add_44, permute_77, clone_9, view_100, view_101, permute_78, permute_81], Original ATen: [aten._to_copy, aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:35
            extern_kernels.mm(reinterpret_tensor(buf42, (512, 4096), (1, 512), 0), view_58, out=buf43)
            # Topologically Sorted Source Nodes: [convert_element_type_169, , freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, mul_66, convert_element_type_175, slice_22, slice_23, neg_15, _generalized_scatter_2, _generalized_scatter_3, add_43, mul_67, convert_element_type_176, add_44, permute_77, clone_9, view_100, view_101, mm_44], Original ATen: [aten._to_copy, aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:36
            extern_kernels.mm(reinterpret_tensor(buf42, (4096, 512), (512, 1), 0), permute_80, out=buf44)
            # Topologically Sorted Source Nodes: [convert_element_type_194], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:37
            triton_poi_fused__to_copy_10.run(buf43, buf45, 262144, stream=stream0)
            buf46 = buf21; del buf21  # reuse
            # Topologically Sorted Source Nodes: [view_96, convert_element_type_181, view_99, convert_element_type_187, add_45, view_102, convert_element_type_193, add_46, hidden_states_25, mul_69, sum_9], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_15:38
            triton_red_fused__to_copy_add_mul_sum_view_15.run(buf36, buf40, buf44, add_23, rsqrt_6, buf46, 16384, 128, stream=stream0)
            # Topologically Sorted Source Nodes: [view_96, convert_element_type_181, view_99, convert_element_type_187, add_45, view_102, convert_element_type_193, add_46, hidden_states_25, mul_69, sum_9], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:39
            triton_per_fused__to_copy_mul_sum_view_3.run(buf46, buf47, 512, 32, stream=stream0)
            buf49 = buf24; del buf24  # reuse
            # Topologically Sorted Source Nodes: [view_96, convert_element_type_181, view_99, convert_element_type_187, add_45, view_102, convert_element_type_193, add_46, mul_68, mul_70, mul_71, sum_10, add_47, pow_14, mul_72, mul_73, expand_7, div_8, pow_15, mul_74, mul_75, add_48, convert_element_type_195, view_104], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16:40
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16.run(buf49, buf36, buf40, buf44, primals_31, add_23, rsqrt_6, buf50, 4096, 512, stream=stream0)
            buf51 = buf10; del buf10  # reuse
            # Topologically Sorted Source Nodes: [permute_82, permute_85], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:41
            extern_kernels.mm(reinterpret_tensor(buf50, (512, 4096), (1, 512), 0), view_56, out=buf51)
            # Topologically Sorted Source Nodes: [mm_46], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:42
            extern_kernels.mm(buf50, permute_84, out=buf52)
            # Topologically Sorted Source Nodes: [convert_element_type_200], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_5:43
            triton_poi_fused__to_copy_5.run(buf51, buf53, 704512, stream=stream0)
            buf54 = buf13; del buf13  # reuse
            buf58 = reinterpret_tensor(mm_19, (8, 512, 1376), (720896, 1408, 1), 0); del mm_19  # reuse
            # Topologically Sorted Source Nodes: [view_105, linear_18, silu_2, mul_76, linear_19, mul_77, convert_element_type_207, reciprocal_1, mul_78, mul_79, sub_4, mul_80, add_50, mul_81, convert_element_type_209], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6:44
            triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6.run(buf58, buf52, mm_18, buf54, 5636096, stream=stream0)
            buf55 = buf18; del buf18  # reuse
            # Topologically Sorted Source Nodes: [view_105, linear_18, silu_2, mul_76, view_106, permute_86, permute_89], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:45
            extern_kernels.mm(reinterpret_tensor(buf54, (1376, 4096), (1, 1408), 0), view_52, out=buf55)
            buf56 = buf50; del buf50  # reuse
            # Topologically Sorted Source Nodes: [view_105, linear_18, silu_2, mul_76, view_106, mm_48], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:46
            extern_kernels.mm(reinterpret_tensor(buf54, (4096, 1376), (1408, 1), 0), permute_88, out=buf56)
            # Topologically Sorted Source Nodes: [convert_element_type_206], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:47
            triton_poi_fused__to_copy_7.run(buf55, buf57, 704512, stream=stream0)
            buf59 = buf55; del buf55  # reuse
            # Topologically Sorted Source Nodes: [view_105, linear_18, silu_2, linear_19, mul_77, convert_element_type_207, reciprocal_1, mul_78, mul_79, sub_4, mul_80, add_50, mul_81, convert_element_type_209, view_108, permute_90, permute_93], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:48
            extern_kernels.mm(reinterpret_tensor(buf58, (1376, 4096), (1, 1408), 0), view_52, out=buf59)
            buf60 = buf44; del buf44  # reuse
            # Topologically Sorted Source Nodes: [view_105, linear_18, silu_2, linear_19, mul_77, convert_element_type_207, reciprocal_1, mul_78, mul_79, sub_4, mul_80, add_50, mul_81, convert_element_type_209, view_108, mm_50], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:49
            extern_kernels.mm(reinterpret_tensor(buf58, (4096, 1376), (1408, 1), 0), permute_92, out=buf60)
            # Topologically Sorted Source Nodes: [convert_element_type_215], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:50
            triton_poi_fused__to_copy_7.run(buf59, buf61, 704512, stream=stream0)
            buf62 = buf46; del buf46  # reuse
            # Topologically Sorted Source Nodes: [view_107, convert_element_type_205, view_109, convert_element_type_214, add_51, hidden_states_21, mul_83, sum_11], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_8:51
            triton_red_fused__to_copy_add_mul_sum_view_8.run(buf56, buf60, add_20, rsqrt_5, buf62, 16384, 128, stream=stream0)
            # Topologically Sorted Source Nodes: [view_107, convert_element_type_205, view_109, convert_element_type_214, add_51, hidden_states_21, mul_83, sum_11], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:52
            triton_per_fused__to_copy_mul_sum_view_3.run(buf62, buf63, 512, 32, stream=stream0)
            buf65 = buf49; del buf49  # reuse
            buf66 = buf40; del buf40  # reuse
            # Topologically Sorted Source Nodes: [view_107, convert_element_type_205, view_109, convert_element_type_214, add_51, mul_82, mul_84, mul_85, sum_12, add_52, pow_16, mul_86, mul_87, expand_8, div_9, pow_17, mul_88, mul_89, add_53, convert_element_type_216, view_111], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9:53
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9.run(buf65, buf56, buf60, primals_27, add_20, rsqrt_5, buf66, 4096, 512, stream=stream0)
            buf67 = buf43; del buf43  # reuse
            # Topologically Sorted Source Nodes: [permute_94, transpose_12, reshape_2, attn_output_11, permute_97], Original ATen: [aten.t, aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:54
            extern_kernels.mm(reinterpret_tensor(buf66, (512, 4096), (1, 512), 0), reinterpret_tensor(getitem_18, (4096, 512), (512, 1), 0), out=buf67)
            buf68 = buf60; del buf60  # reuse
            # Topologically Sorted Source Nodes: [mm_52], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:55
            extern_kernels.mm(buf66, permute_96, out=buf68)
            # Topologically Sorted Source Nodes: [convert_element_type_221], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:56
            triton_poi_fused__to_copy_10.run(buf67, buf69, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [view_112, view_113, permute_98, _scaled_dot_product_cudnn_attention_backward_1], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default:57
            buf70 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf68, (8, 8, 512, 64), (262144, 64, 512, 1), 0), convert_element_type_80, convert_element_type_79, convert_element_type_78, getitem_18, getitem_19, getitem_24, getitem_25, where, None, None, 512, 512, 0.0, False, scale=0.125)
            buf71 = buf70[0]
            assert_alignment(buf71, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf72 = buf70[1]
            assert_alignment(buf72, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf73 = buf70[2]
            assert_alignment(buf73, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_223, slice_25, mul_90, convert_element_type_226, slice_26, slice_27, neg_17, _generalized_scatter_4, _generalized_scatter_5, add_56, mul_91, convert_element_type_227, add_57], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.add, aten.slice, aten.neg]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11:58
            triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11.run(tangents_6, buf72, mm_default, buf74, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [convert_element_type_224, slice_24, convert_element_type_225, permute_99, clone_10], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_clone_transpose_12:59
            triton_poi_fused__to_copy_add_clone_transpose_12.run(buf75, tangents_5, 2097152, stream=stream0)
            buf76 = buf67; del buf67  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_224, slice_24, convert_element_type_225, permute_99, clone_10, view_114, view_115, permute_100, permute_103], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:60
            extern_kernels.mm(reinterpret_tensor(buf75, (512, 4096), (1, 512), 0), view_40, out=buf76)
            # Topologically Sorted Source Nodes: [convert_element_type_224, slice_24, convert_element_type_225, permute_99, clone_10, view_114, view_115, mm_54], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:61
            extern_kernels.mm(reinterpret_tensor(buf75, (4096, 512), (512, 1), 0), permute_102, out=buf77)
            # Topologically Sorted Source Nodes: [convert_element_type_235], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:62
            triton_poi_fused__to_copy_10.run(buf76, buf78, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [permute_104, clone_11, view_117, view_118], Original ATen: [aten.transpose, aten.clone, aten._unsafe_view, aten.view]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_clone_transpose_view_13:63
            triton_poi_fused__unsafe_view_clone_transpose_view_13.run(buf74, buf79, 2097152, stream=stream0)
            buf80 = buf76; del buf76  # reuse
            # Topologically Sorted Source Nodes: [permute_105, permute_108], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:64
            extern_kernels.mm(reinterpret_tensor(buf79, (512, 4096), (1, 512), 0), view_40, out=buf80)
            # Topologically Sorted Source Nodes: [mm_56], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:65
            extern_kernels.mm(buf79, permute_107, out=buf81)
            # Topologically Sorted Source Nodes: [convert_element_type_241], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:66
            triton_poi_fused__to_copy_10.run(buf80, buf82, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_222, mul_92, convert_element_type_228, slice_28, slice_29, neg_18, _generalized_scatter_6, _generalized_scatter_7, add_58, mul_93, convert_element_type_229, add_59, permute_109, clone_12], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14:67
            triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14.run(buf71, mm_default, buf83, 2097152, stream=stream0)
            buf84 = buf80; del buf80  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_222, mul_92, convert_element_type_228, slice_28, slice_29, neg_18, _generalized_scatter_6, _generalized_scatter_7, add_58, mul_93, convert_element_type_229, add_59, permute_109, clone_12, view_120, view_121, permute_110, permute_113], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:68
            extern_kernels.mm(reinterpret_tensor(buf83, (512, 4096), (1, 512), 0), view_40, out=buf84)
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_222, mul_92, convert_element_type_228, slice_28, slice_29, neg_18, _generalized_scatter_6, _generalized_scatter_7, add_58, mul_93, convert_element_type_229, add_59, permute_109, clone_12, view_120, view_121, mm_58], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:69
            extern_kernels.mm(reinterpret_tensor(buf83, (4096, 512), (512, 1), 0), permute_112, out=buf85)
            # Topologically Sorted Source Nodes: [convert_element_type_247], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:70
            triton_poi_fused__to_copy_10.run(buf84, buf86, 262144, stream=stream0)
            buf87 = buf62; del buf62  # reuse
            # Topologically Sorted Source Nodes: [view_116, convert_element_type_234, view_119, convert_element_type_240, add_60, view_122, convert_element_type_246, add_61, hidden_states_17, mul_95, sum_13], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_15:71
            triton_red_fused__to_copy_add_mul_sum_view_15.run(buf77, buf81, buf85, add_16, rsqrt_4, buf87, 16384, 128, stream=stream0)
            # Topologically Sorted Source Nodes: [view_116, convert_element_type_234, view_119, convert_element_type_240, add_60, view_122, convert_element_type_246, add_61, hidden_states_17, mul_95, sum_13], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:72
            triton_per_fused__to_copy_mul_sum_view_3.run(buf87, buf88, 512, 32, stream=stream0)
            buf90 = buf65; del buf65  # reuse
            # Topologically Sorted Source Nodes: [view_116, convert_element_type_234, view_119, convert_element_type_240, add_60, view_122, convert_element_type_246, add_61, mul_94, mul_96, mul_97, sum_14, add_62, pow_18, mul_98, mul_99, expand_9, div_10, pow_19, mul_100, mul_101, add_63, convert_element_type_248, view_124], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16:73
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16.run(buf90, buf77, buf81, buf85, primals_22, add_16, rsqrt_4, buf91, 4096, 512, stream=stream0)
            buf92 = buf51; del buf51  # reuse
            # Topologically Sorted Source Nodes: [permute_114, permute_117], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:74
            extern_kernels.mm(reinterpret_tensor(buf91, (512, 4096), (1, 512), 0), view_38, out=buf92)
            # Topologically Sorted Source Nodes: [mm_60], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:75
            extern_kernels.mm(buf91, permute_116, out=buf93)
            # Topologically Sorted Source Nodes: [convert_element_type_253], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_5:76
            triton_poi_fused__to_copy_5.run(buf92, buf94, 704512, stream=stream0)
            buf95 = buf54; del buf54  # reuse
            buf99 = reinterpret_tensor(mm_12, (8, 512, 1376), (720896, 1408, 1), 0); del mm_12  # reuse
            # Topologically Sorted Source Nodes: [view_125, linear_11, silu_1, mul_102, linear_12, mul_103, convert_element_type_260, reciprocal_2, mul_104, mul_105, sub_5, mul_106, add_65, mul_107, convert_element_type_262], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6:77
            triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6.run(buf99, buf93, mm_11, buf95, 5636096, stream=stream0)
            buf96 = buf59; del buf59  # reuse
            # Topologically Sorted Source Nodes: [view_125, linear_11, silu_1, mul_102, view_126, permute_118, permute_121], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:78
            extern_kernels.mm(reinterpret_tensor(buf95, (1376, 4096), (1, 1408), 0), view_34, out=buf96)
            buf97 = buf91; del buf91  # reuse
            # Topologically Sorted Source Nodes: [view_125, linear_11, silu_1, mul_102, view_126, mm_62], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:79
            extern_kernels.mm(reinterpret_tensor(buf95, (4096, 1376), (1408, 1), 0), permute_120, out=buf97)
            # Topologically Sorted Source Nodes: [convert_element_type_259], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:80
            triton_poi_fused__to_copy_7.run(buf96, buf98, 704512, stream=stream0)
            buf100 = buf96; del buf96  # reuse
            # Topologically Sorted Source Nodes: [view_125, linear_11, silu_1, linear_12, mul_103, convert_element_type_260, reciprocal_2, mul_104, mul_105, sub_5, mul_106, add_65, mul_107, convert_element_type_262, view_128, permute_122, permute_125], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:81
            extern_kernels.mm(reinterpret_tensor(buf99, (1376, 4096), (1, 1408), 0), view_34, out=buf100)
            buf101 = buf85; del buf85  # reuse
            # Topologically Sorted Source Nodes: [view_125, linear_11, silu_1, linear_12, mul_103, convert_element_type_260, reciprocal_2, mul_104, mul_105, sub_5, mul_106, add_65, mul_107, convert_element_type_262, view_128, mm_64], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:82
            extern_kernels.mm(reinterpret_tensor(buf99, (4096, 1376), (1408, 1), 0), permute_124, out=buf101)
            # Topologically Sorted Source Nodes: [convert_element_type_268], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:83
            triton_poi_fused__to_copy_7.run(buf100, buf102, 704512, stream=stream0)
            buf103 = buf87; del buf87  # reuse
            # Topologically Sorted Source Nodes: [view_127, convert_element_type_258, view_129, convert_element_type_267, add_66, hidden_states_13, mul_109, sum_15], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_8:84
            triton_red_fused__to_copy_add_mul_sum_view_8.run(buf97, buf101, add_13, rsqrt_3, buf103, 16384, 128, stream=stream0)
            # Topologically Sorted Source Nodes: [view_127, convert_element_type_258, view_129, convert_element_type_267, add_66, hidden_states_13, mul_109, sum_15], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:85
            triton_per_fused__to_copy_mul_sum_view_3.run(buf103, buf104, 512, 32, stream=stream0)
            buf106 = buf90; del buf90  # reuse
            buf107 = buf81; del buf81  # reuse
            # Topologically Sorted Source Nodes: [view_127, convert_element_type_258, view_129, convert_element_type_267, add_66, mul_108, mul_110, mul_111, sum_16, add_67, pow_20, mul_112, mul_113, expand_10, div_11, pow_21, mul_114, mul_115, add_68, convert_element_type_269, view_131], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9:86
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_9.run(buf106, buf97, buf101, primals_18, add_13, rsqrt_3, buf107, 4096, 512, stream=stream0)
            buf108 = buf84; del buf84  # reuse
            # Topologically Sorted Source Nodes: [permute_126, transpose_8, reshape_1, attn_output_7, permute_129], Original ATen: [aten.t, aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:87
            extern_kernels.mm(reinterpret_tensor(buf107, (512, 4096), (1, 512), 0), reinterpret_tensor(getitem_9, (4096, 512), (512, 1), 0), out=buf108)
            buf109 = buf97; del buf97  # reuse
            # Topologically Sorted Source Nodes: [mm_66], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:88
            extern_kernels.mm(buf107, permute_128, out=buf109)
            # Topologically Sorted Source Nodes: [convert_element_type_274], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:89
            triton_poi_fused__to_copy_10.run(buf108, buf110, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [view_132, view_133, permute_130, _scaled_dot_product_cudnn_attention_backward_2], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default:90
            buf111 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf109, (8, 8, 512, 64), (262144, 64, 512, 1), 0), convert_element_type_48, convert_element_type_47, convert_element_type_46, getitem_9, getitem_10, getitem_15, getitem_16, where, None, None, 512, 512, 0.0, False, scale=0.125)
            buf112 = buf111[0]
            assert_alignment(buf112, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf113 = buf111[1]
            assert_alignment(buf113, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            buf114 = buf111[2]
            assert_alignment(buf114, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_276, slice_31, mul_116, convert_element_type_279, slice_32, slice_33, neg_20, _generalized_scatter_8, _generalized_scatter_9, add_71, mul_117, convert_element_type_280, add_72], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.add, aten.slice, aten.neg]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11:91
            triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11.run(tangents_4, buf113, mm_default, buf115, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [convert_element_type_277, slice_30, convert_element_type_278, permute_131, clone_13], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_clone_transpose_12:92
            triton_poi_fused__to_copy_add_clone_transpose_12.run(buf116, tangents_3, 2097152, stream=stream0)
            buf117 = buf108; del buf108  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_277, slice_30, convert_element_type_278, permute_131, clone_13, view_134, view_135, permute_132, permute_135], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:93
            extern_kernels.mm(reinterpret_tensor(buf116, (512, 4096), (1, 512), 0), view_22, out=buf117)
            # Topologically Sorted Source Nodes: [convert_element_type_277, slice_30, convert_element_type_278, permute_131, clone_13, view_134, view_135, mm_68], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:94
            extern_kernels.mm(reinterpret_tensor(buf116, (4096, 512), (512, 1), 0), permute_134, out=buf118)
            # Topologically Sorted Source Nodes: [convert_element_type_288], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:95
            triton_poi_fused__to_copy_10.run(buf117, buf119, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [permute_136, clone_14, view_137, view_138], Original ATen: [aten.transpose, aten.clone, aten._unsafe_view, aten.view]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_clone_transpose_view_13:96
            triton_poi_fused__unsafe_view_clone_transpose_view_13.run(buf115, buf120, 2097152, stream=stream0)
            buf121 = buf117; del buf117  # reuse
            # Topologically Sorted Source Nodes: [permute_137, permute_140], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:97
            extern_kernels.mm(reinterpret_tensor(buf120, (512, 4096), (1, 512), 0), view_22, out=buf121)
            # Topologically Sorted Source Nodes: [mm_70], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:98
            extern_kernels.mm(buf120, permute_139, out=buf122)
            # Topologically Sorted Source Nodes: [convert_element_type_294], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:99
            triton_poi_fused__to_copy_10.run(buf121, buf123, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_275, mul_118, convert_element_type_281, slice_34, slice_35, neg_21, _generalized_scatter_10, _generalized_scatter_11, add_73, mul_119, convert_element_type_282, add_74, permute_141, clone_15], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14:100
            triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14.run(buf112, mm_default, buf124, 2097152, stream=stream0)
            buf125 = buf121; del buf121  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_275, mul_118, convert_element_type_281, slice_34, slice_35, neg_21, _generalized_scatter_10, _generalized_scatter_11, add_73, mul_119, convert_element_type_282, add_74, permute_141, clone_15, view_140, view_141, permute_142, permute_145], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:101
            extern_kernels.mm(reinterpret_tensor(buf124, (512, 4096), (1, 512), 0), view_22, out=buf125)
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_275, mul_118, convert_element_type_281, slice_34, slice_35, neg_21, _generalized_scatter_10, _generalized_scatter_11, add_73, mul_119, convert_element_type_282, add_74, permute_141, clone_15, view_140, view_141, mm_72], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:102
            extern_kernels.mm(reinterpret_tensor(buf124, (4096, 512), (512, 1), 0), permute_144, out=buf126)
            # Topologically Sorted Source Nodes: [convert_element_type_300], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:103
            triton_poi_fused__to_copy_10.run(buf125, buf127, 262144, stream=stream0)
            buf128 = buf103; del buf103  # reuse
            # Topologically Sorted Source Nodes: [view_136, convert_element_type_287, view_139, convert_element_type_293, add_75, view_142, convert_element_type_299, add_76, hidden_states_9, mul_121, sum_17], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy_add_mul_sum_view_15:104
            triton_red_fused__to_copy_add_mul_sum_view_15.run(buf118, buf122, buf126, add_9, rsqrt_2, buf128, 16384, 128, stream=stream0)
            # Topologically Sorted Source Nodes: [view_136, convert_element_type_287, view_139, convert_element_type_293, add_75, view_142, convert_element_type_299, add_76, hidden_states_9, mul_121, sum_17], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:105
            triton_per_fused__to_copy_mul_sum_view_3.run(buf128, buf129, 512, 32, stream=stream0)
            buf131 = buf106; del buf106  # reuse
            # Topologically Sorted Source Nodes: [view_136, convert_element_type_287, view_139, convert_element_type_293, add_75, view_142, convert_element_type_299, add_76, mul_120, mul_122, mul_123, sum_18, add_77, pow_22, mul_124, mul_125, expand_11, div_12, pow_23, mul_126, mul_127, add_78, convert_element_type_301, view_144], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16:106
            triton_per_fused__to_copy_add_div_expand_mul_pow_sum_view_16.run(buf131, buf118, buf122, buf126, primals_13, add_9, rsqrt_2, buf132, 4096, 512, stream=stream0)
            buf133 = buf92; del buf92  # reuse
            # Topologically Sorted Source Nodes: [permute_146, permute_149], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:107
            extern_kernels.mm(reinterpret_tensor(buf132, (512, 4096), (1, 512), 0), view_20, out=buf133)
            # Topologically Sorted Source Nodes: [mm_74], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:108
            extern_kernels.mm(buf132, permute_148, out=buf134)
            # Topologically Sorted Source Nodes: [convert_element_type_306], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_5:109
            triton_poi_fused__to_copy_5.run(buf133, buf135, 704512, stream=stream0)
            buf136 = buf95; del buf95  # reuse
            buf140 = reinterpret_tensor(mm_5, (8, 512, 1376), (720896, 1408, 1), 0); del mm_5  # reuse
            # Topologically Sorted Source Nodes: [view_145, linear_4, silu, mul_128, linear_5, mul_129, convert_element_type_313, reciprocal_3, mul_130, mul_131, sub_6, mul_132, add_80, mul_133, convert_element_type_315], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6:110
            triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6.run(buf140, buf134, mm_4, buf136, 5636096, stream=stream0)
            buf137 = buf100; del buf100  # reuse
            # Topologically Sorted Source Nodes: [view_145, linear_4, silu, mul_128, view_146, permute_150, permute_153], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:111
            extern_kernels.mm(reinterpret_tensor(buf136, (1376, 4096), (1, 1408), 0), view_16, out=buf137)
            buf138 = buf132; del buf132  # reuse
            # Topologically Sorted Source Nodes: [view_145, linear_4, silu, mul_128, view_146, mm_76], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:112
            extern_kernels.mm(reinterpret_tensor(buf136, (4096, 1376), (1408, 1), 0), permute_152, out=buf138)
            # Topologically Sorted Source Nodes: [convert_element_type_312], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:113
            triton_poi_fused__to_copy_7.run(buf137, buf139, 704512, stream=stream0)
            buf141 = buf137; del buf137  # reuse
            # Topologically Sorted Source Nodes: [view_145, linear_4, silu, linear_5, mul_129, convert_element_type_313, reciprocal_3, mul_130, mul_131, sub_6, mul_132, add_80, mul_133, convert_element_type_315, view_148, permute_154, permute_157], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:114
            extern_kernels.mm(reinterpret_tensor(buf140, (1376, 4096), (1, 1408), 0), view_16, out=buf141)
            buf142 = buf126; del buf126  # reuse
            # Topologically Sorted Source Nodes: [view_145, linear_4, silu, linear_5, mul_129, convert_element_type_313, reciprocal_3, mul_130, mul_131, sub_6, mul_132, add_80, mul_133, convert_element_type_315, view_148, mm_78], Original ATen: [aten.view, aten._unsafe_view, aten.silu, aten.mul, aten.silu_backward, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:115
            extern_kernels.mm(reinterpret_tensor(buf140, (4096, 1376), (1408, 1), 0), permute_156, out=buf142)
            # Topologically Sorted Source Nodes: [convert_element_type_321], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_7:116
            triton_poi_fused__to_copy_7.run(buf141, buf143, 704512, stream=stream0)
            buf147 = buf131; del buf131  # reuse
            buf148 = buf122; del buf122  # reuse
            # Topologically Sorted Source Nodes: [view_147, convert_element_type_311, view_149, convert_element_type_320, add_81, mul_134, attn_output_3, hidden_states_3, mul_136, mul_137, sum_20, add_82, pow_24, mul_138, mul_139, expand_12, div_13, pow_25, mul_140, mul_141, add_83, convert_element_type_322, view_151], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten._unsafe_view, aten.sum, aten.pow, aten.expand, aten.div]
            # [Provenance debug handles] triton_per_fused__to_copy__unsafe_view_add_div_expand_mul_pow_sum_view_17:117
            triton_per_fused__to_copy__unsafe_view_add_div_expand_mul_pow_sum_view_17.run(buf147, buf138, buf142, primals_9, embedding, mm_3, rsqrt_1, buf148, 4096, 512, stream=stream0)
            buf150 = buf118; del buf118  # reuse
            # Topologically Sorted Source Nodes: [mm_80], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:118
            extern_kernels.mm(buf148, permute_160, out=buf150)
            # Topologically Sorted Source Nodes: [view_152, view_153, permute_162, _scaled_dot_product_cudnn_attention_backward_3], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_cudnn_attention_backward]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default:119
            buf152 = torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default(reinterpret_tensor(buf150, (8, 8, 512, 64), (262144, 64, 512, 1), 0), convert_element_type_16, convert_element_type_15, convert_element_type_14, getitem, getitem_1, getitem_6, getitem_7, where, None, None, 512, 512, 0.0, False, scale=0.125)
            buf155 = buf152[2]
            assert_alignment(buf155, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            # Topologically Sorted Source Nodes: [convert_element_type_330, slice_36, convert_element_type_331, permute_163, clone_16], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_clone_transpose_12:120
            triton_poi_fused__to_copy_add_clone_transpose_12.run(buf157, tangents_1, 2097152, stream=stream0)
            buf159 = buf150; del buf150  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_330, slice_36, convert_element_type_331, permute_163, clone_16, view_154, view_155, mm_82], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:121
            extern_kernels.mm(reinterpret_tensor(buf157, (4096, 512), (512, 1), 0), permute_166, out=buf159)
            buf154 = buf152[1]
            assert_alignment(buf154, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_329, slice_37, mul_142, convert_element_type_332, slice_38, slice_39, neg_23, _generalized_scatter_12, _generalized_scatter_13, add_86, mul_143, convert_element_type_333, add_87], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.add, aten.slice, aten.neg]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11:122
            triton_poi_fused__to_copy_add_bmm_cat_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_11.run(tangents_2, buf154, mm_default, buf156, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [permute_168, clone_17, view_157, view_158], Original ATen: [aten.transpose, aten.clone, aten._unsafe_view, aten.view]
            # [Provenance debug handles] triton_poi_fused__unsafe_view_clone_transpose_view_13:123
            triton_poi_fused__unsafe_view_clone_transpose_view_13.run(buf156, buf161, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [mm_84], Original ATen: [aten.mm]
            # [Provenance debug handles] extern_kernels.mm:124
            extern_kernels.mm(buf161, permute_171, out=buf163)
            buf153 = buf152[0]
            assert_alignment(buf153, 16, 'torch.ops.aten._scaled_dot_product_cudnn_attention_backward.default')
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_328, mul_144, convert_element_type_334, slice_40, slice_41, neg_24, _generalized_scatter_14, _generalized_scatter_15, add_88, mul_145, convert_element_type_335, add_89, permute_173, clone_18], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone]
            # [Provenance debug handles] triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14:125
            triton_poi_fused__to_copy_add_bmm_cat_clone_cos_mul_neg_sin_slice_slice_backward_transpose_unsqueeze_14.run(buf153, mm_default, buf165, 2097152, stream=stream0)
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_328, mul_144, convert_element_type_334, slice_40, slice_41, neg_24, _generalized_scatter_14, _generalized_scatter_15, add_88, mul_145, convert_element_type_335, add_89, permute_173, clone_18, view_160, view_161, mm_86], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:126
            extern_kernels.mm(reinterpret_tensor(buf165, (4096, 512), (512, 1), 0), permute_176, out=buf167)
            buf144 = buf128; del buf128  # reuse
            # Topologically Sorted Source Nodes: [view_147, convert_element_type_311, view_149, convert_element_type_320, add_81, attn_output_3, hidden_states_3, hidden_states_5, mul_135, sum_19, view_156, convert_element_type_340, view_159, convert_element_type_346, add_90, view_162, convert_element_type_352, add_91, hidden_states_1, mul_147, sum_21], Original ATen: [aten.view, aten._to_copy, aten.add, aten._unsafe_view, aten.mul, aten.sum]
            # [Provenance debug handles] triton_red_fused__to_copy__unsafe_view_add_mul_sum_view_18:127
            triton_red_fused__to_copy__unsafe_view_add_mul_sum_view_18.run(buf138, buf142, embedding, mm_3, rsqrt_1, buf159, buf163, buf167, rsqrt, buf144, buf169, 16384, 128, stream=stream0)
            # Topologically Sorted Source Nodes: [view_147, convert_element_type_311, view_149, convert_element_type_320, add_81, attn_output_3, hidden_states_3, hidden_states_5, mul_135, sum_19], Original ATen: [aten.view, aten._to_copy, aten.add, aten._unsafe_view, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:128
            triton_per_fused__to_copy_mul_sum_view_3.run(buf144, buf145, 512, 32, stream=stream0)
            buf149 = buf125; del buf125  # reuse
            # Topologically Sorted Source Nodes: [permute_158, transpose_4, reshape, attn_output_3, permute_161], Original ATen: [aten.t, aten.transpose, aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:129
            extern_kernels.mm(reinterpret_tensor(buf148, (512, 4096), (1, 512), 0), reinterpret_tensor(getitem, (4096, 512), (512, 1), 0), out=buf149)
            # Topologically Sorted Source Nodes: [convert_element_type_327], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:130
            triton_poi_fused__to_copy_10.run(buf149, buf151, 262144, stream=stream0)
            buf158 = buf149; del buf149  # reuse
            # Topologically Sorted Source Nodes: [convert_element_type_330, slice_36, convert_element_type_331, permute_163, clone_16, view_154, view_155, permute_164, permute_167], Original ATen: [aten._to_copy, aten.add, aten.transpose, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:131
            extern_kernels.mm(reinterpret_tensor(buf157, (512, 4096), (1, 512), 0), view_4, out=buf158)
            # Topologically Sorted Source Nodes: [convert_element_type_341], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:132
            triton_poi_fused__to_copy_10.run(buf158, buf160, 262144, stream=stream0)
            buf162 = buf158; del buf158  # reuse
            # Topologically Sorted Source Nodes: [permute_169, permute_172], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:133
            extern_kernels.mm(reinterpret_tensor(buf161, (512, 4096), (1, 512), 0), view_4, out=buf162)
            # Topologically Sorted Source Nodes: [convert_element_type_347], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:134
            triton_poi_fused__to_copy_10.run(buf162, buf164, 262144, stream=stream0)
            buf166 = buf162; del buf162  # reuse
            # Topologically Sorted Source Nodes: [, freqs, emb, sin, sin_1, sin_3, full_3, cos, cos_1, cos_3, convert_element_type_328, mul_144, convert_element_type_334, slice_40, slice_41, neg_24, _generalized_scatter_14, _generalized_scatter_15, add_88, mul_145, convert_element_type_335, add_89, permute_173, clone_18, view_160, view_161, permute_174, permute_177], Original ATen: [aten.bmm, aten.transpose, aten.cat, aten.sin, aten.mul, aten.unsqueeze, aten.slice_backward, aten.cos, aten._to_copy, aten.slice, aten.neg, aten.add, aten.clone, aten._unsafe_view, aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:135
            extern_kernels.mm(reinterpret_tensor(buf165, (512, 4096), (1, 512), 0), view_4, out=buf166)
            # Topologically Sorted Source Nodes: [convert_element_type_353], Original ATen: [aten._to_copy]
            # [Provenance debug handles] triton_poi_fused__to_copy_10:136
            triton_poi_fused__to_copy_10.run(buf166, buf168, 262144, stream=stream0)
            # Topologically Sorted Source Nodes: [view_156, convert_element_type_340, view_159, convert_element_type_346, add_90, view_162, convert_element_type_352, add_91, hidden_states_1, mul_147, sum_21], Original ATen: [aten.view, aten._to_copy, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused__to_copy_mul_sum_view_3:137
            triton_per_fused__to_copy_mul_sum_view_3.run(buf169, buf170, 512, 32, stream=stream0)
            # Topologically Sorted Source Nodes: [full_25], Original ATen: [aten.embedding_dense_backward]
            # [Provenance debug handles] triton_poi_fused_embedding_dense_backward_19:138
            triton_poi_fused_embedding_dense_backward_19.run(buf173, 16384000, stream=stream0)
            buf172 = buf147; del buf147  # reuse
            # Topologically Sorted Source Nodes: [loss, view_156, convert_element_type_340, view_159, convert_element_type_346, add_90, view_162, convert_element_type_352, add_91, mul_146, mul_148, mul_149, sum_22, add_92, pow_26, mul_150, mul_151, expand_13, div_14, pow_27, mul_152, mul_153, add_93, eq, unsqueeze_21, where_8, full_25, index_put], Original ATen: [aten.nll_loss_forward, aten.view, aten._to_copy, aten.add, aten.mul, aten.sum, aten.pow, aten.expand, aten.div, aten.embedding_dense_backward]
            # [Provenance debug handles] triton_per_fused__to_copy_add_div_embedding_dense_backward_expand_mul_nll_loss_forward_pow_sum_view_20:139
            triton_per_fused__to_copy_add_div_embedding_dense_backward_expand_mul_nll_loss_forward_pow_sum_view_20.run(buf172, buf159, buf163, buf167, primals_4, embedding, primals_1, rsqrt, buf173, 4096, 512, stream=stream0)
        return (None, buf173, None, reinterpret_tensor(buf170, (512, ), (1, ), 0), buf168, buf164, buf160, buf151, reinterpret_tensor(buf145, (512, ), (1, ), 0), buf143, buf139, buf135, reinterpret_tensor(buf129, (512, ), (1, ), 0), buf127, buf123, buf119, buf110, reinterpret_tensor(buf104, (512, ), (1, ), 0), buf102, buf98, buf94, reinterpret_tensor(buf88, (512, ), (1, ), 0), buf86, buf82, buf78, buf69, reinterpret_tensor(buf63, (512, ), (1, ), 0), buf61, buf57, buf53, reinterpret_tensor(buf47, (512, ), (1, ), 0), buf45, buf41, buf37, buf28, reinterpret_tensor(buf22, (512, ), (1, ), 0), buf20, buf16, buf12, reinterpret_tensor(buf6, (512, ), (1, ), 0), buf4, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((8, 512), (512, 1), device='cuda:0', dtype=torch.int64)
    primals_4 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_9 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_13 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_18 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_22 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_27 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_31 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_36 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_40 = rand_strided((512, ), (1, ), device='cuda:0', dtype=torch.float32)
    embedding = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    mm_default = rand_strided((32, 512), (512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_4 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_14 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_15 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_16 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    where = rand_strided((8, 1, 512, 512), (262144, 262144, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_1 = rand_strided((8, 8, 512, 1), (4096, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_6 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_7 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    mm_3 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    rsqrt_1 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_16 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_4 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_5 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    view_20 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    add_9 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_2 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_22 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_46 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_47 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_48 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_9 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_10 = rand_strided((8, 8, 512, 1), (4096, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_15 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_16 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    add_13 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_3 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_34 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_11 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_12 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    view_38 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    add_16 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_4 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_40 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_78 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_79 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_80 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_18 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_19 = rand_strided((8, 8, 512, 1), (4096, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_24 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_25 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    add_20 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_5 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_52 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_18 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_19 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    view_56 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    add_23 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_6 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_58 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_110 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_111 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    convert_element_type_112 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_27 = rand_strided((8, 8, 512, 64), (262144, 64, 512, 1), device='cuda:0', dtype=torch.bfloat16)
    getitem_28 = rand_strided((8, 8, 512, 1), (4096, 512, 1, 1), device='cuda:0', dtype=torch.float32)
    getitem_33 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_34 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    add_27 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_7 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_70 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_25 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    mm_26 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    view_74 = rand_strided((4096, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    add_30 = rand_strided((8, 512, 512), (262144, 512, 1), device='cuda:0', dtype=torch.float32)
    rsqrt_8 = rand_strided((8, 512, 1), (512, 1, 1), device='cuda:0', dtype=torch.float32)
    view_76 = rand_strided((4096, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    view_77 = rand_strided((8, 512, 32000), (16384000, 32000, 1), device='cuda:0', dtype=torch.bfloat16)
    constant_pad_nd = rand_strided((8, 513), (513, 1), device='cuda:0', dtype=torch.int64)
    amax = rand_strided((4096, 1), (1, 1), device='cuda:0', dtype=torch.float32)
    log = rand_strided((4096, 1), (1, 1), device='cuda:0', dtype=torch.float32)
    convert_element_type_134 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    permute_48 = rand_strided((32000, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_52 = rand_strided((512, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_56 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_60 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_64 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_70 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_75 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_80 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_84 = rand_strided((512, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_88 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_92 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_96 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_102 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_107 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_112 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_116 = rand_strided((512, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_120 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_124 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_128 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_134 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_139 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_144 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_148 = rand_strided((512, 1376), (1408, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_152 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_156 = rand_strided((1376, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_160 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_166 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_171 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    permute_176 = rand_strided((512, 512), (512, 1), device='cuda:0', dtype=torch.bfloat16)
    tangents_1 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_2 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_3 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_4 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_5 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_6 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_7 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_8 = rand_strided((8, 8, 512, 64), (262144, 32768, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_9 = rand_strided((), (), device='cuda:0', dtype=torch.float32)
    tangents_10 = rand_strided((8, 512, 32000), (16384000, 32000, 1), device='cuda:0', dtype=torch.bfloat16)
    return [primals_1, primals_4, primals_9, primals_13, primals_18, primals_22, primals_27, primals_31, primals_36, primals_40, embedding, mm_default, rsqrt, view_4, convert_element_type_14, convert_element_type_15, convert_element_type_16, where, getitem, getitem_1, getitem_6, getitem_7, mm_3, rsqrt_1, view_16, mm_4, mm_5, view_20, add_9, rsqrt_2, view_22, convert_element_type_46, convert_element_type_47, convert_element_type_48, getitem_9, getitem_10, getitem_15, getitem_16, add_13, rsqrt_3, view_34, mm_11, mm_12, view_38, add_16, rsqrt_4, view_40, convert_element_type_78, convert_element_type_79, convert_element_type_80, getitem_18, getitem_19, getitem_24, getitem_25, add_20, rsqrt_5, view_52, mm_18, mm_19, view_56, add_23, rsqrt_6, view_58, convert_element_type_110, convert_element_type_111, convert_element_type_112, getitem_27, getitem_28, getitem_33, getitem_34, add_27, rsqrt_7, view_70, mm_25, mm_26, view_74, add_30, rsqrt_8, view_76, view_77, constant_pad_nd, amax, log, convert_element_type_134, permute_48, permute_52, permute_56, permute_60, permute_64, permute_70, permute_75, permute_80, permute_84, permute_88, permute_92, permute_96, permute_102, permute_107, permute_112, permute_116, permute_120, permute_124, permute_128, permute_134, permute_139, permute_144, permute_148, permute_152, permute_156, permute_160, permute_166, permute_171, permute_176, tangents_1, tangents_2, tangents_3, tangents_4, tangents_5, tangents_6, tangents_7, tangents_8, tangents_9, tangents_10]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
